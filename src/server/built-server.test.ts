import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killServer, startServerProcess, type ServerProcess } from "./test-support/test-server-process";
import { openPglite, pgliteTemplateFile } from "./store/database";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The processes below `pid` (their command lines), read from /proc. */
function descendants(pid: number): string[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return children.flatMap((child) => [
    readFileSync(`/proc/${child}/cmdline`, "utf8").replaceAll("\0", " "),
    ...descendants(child),
  ]);
}

describe("the compiled server (npm run build's build/server/server.js) runs on plain node", () => {
  // Built here, into a build-* folder of the project (ignored by git): the code finds drizzle/ above it.
  const buildDir = mkdtempSync(join(root, "build-test-"));
  const dataRoot = mkdtempSync(join(tmpdir(), "built-server-test-"));
  let server: ServerProcess;

  beforeAll(async () => {
    await promisify(execFile)(process.execPath, ["scripts/build-server.mjs"], {
      cwd: root,
      env: { ...process.env, BUILD_DIR: buildDir },
    });
    // The build's PGlite template, so the first start unpacks it (in a child process) instead of running initdb.
    const maker = await openPglite("memory://");
    writeFileSync(pgliteTemplateFile(buildDir), Buffer.from(await (await maker.dumpDataDir("gzip")).arrayBuffer()));
    await maker.close();
    server = await startServerProcess(
      { DATA_DIR: join(dataRoot, "data"), BUILD_DIR: buildDir, DATABASE_URL: "" },
      { compiledEntry: join(buildDir, "server", "server.js") },
    );
  }, 120_000);

  afterAll(async () => {
    if (server) await killServer(server, "SIGTERM");
    rmSync(buildDir, { recursive: true, force: true });
    rmSync(dataRoot, { recursive: true, force: true });
  });

  it("answers /api/health from a first start on an empty data folder, with no loader or esbuild in its process tree", async () => {
    for (const entry of ["server.js", "staff.js", "leads.js"])
      expect(existsSync(join(buildDir, "server", entry))).toBe(true);
    const response = await fetch(`${server.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "pglite" });
    expect(existsSync(join(dataRoot, "data", "PG_VERSION"))).toBe(true);

    const pid = server.child.pid!;
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    expect(command).toEqual([process.execPath, join(buildDir, "server", "server.js")]);
    expect(descendants(pid)).toEqual([]); // the template's unpacking child has exited; no esbuild service
    expect(server.output()).not.toMatch(/tsx|esbuild/);
  });
});
