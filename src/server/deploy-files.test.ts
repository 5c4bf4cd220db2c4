import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { HAPROXY_CONFIG, haproxyBinary, root } from "./test-support/fleet-harness";

/** deploy/'s files are valid for the tools that read them. */
const run = promisify(execFile);
const haproxy = haproxyBinary();
const systemdAnalyze = await run("systemd-analyze", ["--version"]).then(
  () => true,
  () => false,
);
if (!haproxy) console.warn("deploy-files.test.ts: haproxy -c skipped: haproxy is not installed");
if (!systemdAnalyze)
  console.warn("deploy-files.test.ts: systemd-analyze verify skipped: systemd-analyze is not installed");

describe("deploy/", () => {
  const work = mkdtempSync(join(tmpdir(), "deploy-files-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it.skipIf(!haproxy)("haproxy.cfg passes haproxy -c with the addresses it reads from the environment", async () => {
    const env = {
      STAFFING_BIND: "127.0.0.1:8080",
      STAFFING_SERVER_1: "127.0.0.1:3001",
      STAFFING_SERVER_2: "127.0.0.1:3002",
      STAFFING_SERVER_3: "127.0.0.1:3003",
    };
    const { stdout } = await run(haproxy!, ["-c", "-f", HAPROXY_CONFIG], { env: { PATH: process.env.PATH, ...env } });
    expect(stdout).toContain("Configuration file is valid");
    // Without the addresses it refuses to start, rather than listening somewhere unintended.
    await expect(run(haproxy!, ["-c", "-f", HAPROXY_CONFIG], { env: { PATH: process.env.PATH } })).rejects.toThrow();
  });

  it.skipIf(!systemdAnalyze)("the systemd units pass systemd-analyze verify with no warning", async () => {
    // verify reads the units from a folder of their own (an instance of the template by its port).
    for (const unit of ["staffing-funnel@.service", "staffing-funnel-migrate.service"])
      copyFileSync(join(root, "deploy", unit), join(work, unit));
    const { stdout, stderr } = await run(
      "systemd-analyze",
      ["verify", "--man=no", join(work, "staffing-funnel@3001.service"), join(work, "staffing-funnel-migrate.service")],
      { cwd: work },
    );
    expect(`${stdout}${stderr}`.split("\n").filter((line) => line.includes("staffing-funnel"))).toEqual([]);
  });
});
