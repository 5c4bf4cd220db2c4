import { request, Agent } from "node:http";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, pgliteTemplateFile } from "./store/database";
import { homepageLead } from "./test-support/test-fixtures";
import { buildServer, Fleet, Haproxy, haproxyBinary } from "./test-support/fleet-harness";

/**
 * A process draining after SIGTERM, behind HAProxy on deploy/haproxy.cfg: readiness
 * answers 503 at once while liveness stays 200, the proxy marks it down and sends it nothing new,
 * the slow request it was reading is answered after its listener closed, and an idle keep-alive
 * connection does not hold its exit. Two processes, each on its own embedded database (no PostgreSQL needed), the third slot empty.
 */
const DRAIN_DELAY_MS = 3_000;
const unavailable = haproxyBinary() ? undefined : "haproxy is not installed (Debian: apt-get install haproxy)";
if (unavailable) console.warn(`drain.test.ts skipped: ${unavailable}`);

describe.skipIf(unavailable)("a process draining after SIGTERM behind HAProxy", () => {
  let build: Awaited<ReturnType<typeof buildServer>>;
  let fleet: Fleet;
  let proxy: Haproxy;
  const dataRoot = mkdtempSync(join(tmpdir(), "drain-test-"));

  beforeAll(async () => {
    build = await buildServer();
    // The build's PGlite template, so each first start unpacks it instead of running initdb.
    const maker = await openPglite("memory://");
    writeFileSync(
      pgliteTemplateFile(build.buildDir),
      Buffer.from(await (await maker.dumpDataDir("gzip")).arrayBuffer()),
    );
    await maker.close();
    fleet = await Fleet.create(
      3,
      build.buildDir,
      {
        DATABASE_URL: "",
        DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
        TRUST_PROXY: "127.0.0.1",
        MIN_FILL_SECONDS: "0",
        LOG_LEVEL: "warn",
      },
      (member) => ({ DATA_DIR: join(dataRoot, member.name) }),
    );
    // Two processes, one after the other (each unpacks its database); the third slot stays empty (marked down).
    for (const member of fleet.members.slice(0, 2)) await fleet.start(member);
    proxy = await Haproxy.start(fleet.members);
    await proxy.waitFor(fleet.members[2]!, "DOWN", 0);
  }, 240_000);

  afterAll(async () => {
    await proxy?.stop();
    await fleet?.stopAll();
    build?.remove();
    rmSync(dataRoot, { recursive: true, force: true, maxRetries: 5 });
  }, 120_000);

  const post = (url: string, n: number) =>
    fetch(`${url}/api/leads`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(homepageLead({ email: `drain-${n}@sunrise.example` })),
    });

  it("answers readiness 503 while it finishes a slow request, gets nothing new from the proxy, and exits promptly", async () => {
    const [draining] = fleet.members;
    const base = `http://127.0.0.1:${draining!.port}`;
    for (let n = 0; n < 6; n++) expect((await post(proxy.url, n)).status).toBe(201);

    // An idle keep-alive connection to the process (one request answered, the socket kept open).
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    await new Promise<void>((resolve, reject) =>
      request(`${base}/api/health`, { agent }, (res) => res.resume().on("end", resolve))
        .on("error", reject)
        .end(),
    );

    // The slow request: half of its body sent, the rest after the listener has closed.
    const body = JSON.stringify(homepageLead({ email: "drain-slow@sunrise.example" }));
    let finishBody = () => {};
    const slow = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        `${base}/api/leads`,
        { method: "POST", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
        (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 40));
      finishBody = () => req.end(body.slice(40));
    });
    await new Promise((resolve) => setTimeout(resolve, 200));

    const logMark = proxy.log.length;
    const signalled = Date.now();
    const exited = fleet.stop(draining!, "SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 150));
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "draining" });
    expect((await fetch(`${base}/api/health`)).status).toBe(200); // liveness: the process is fine

    await proxy.waitFor(draining!, "DOWN", logMark, DRAIN_DELAY_MS);
    const markedDownMs = Date.now() - signalled;
    for (let n = 10; n < 22; n++) expect((await post(proxy.url, n)).status).toBe(201);
    const servedAfter = await proxy.servedByOnce("/api/leads", 12, logMark);
    expect(servedAfter).toHaveLength(12);
    expect(servedAfter).not.toContain(draining!.name);
    expect(servedAfter).toContain(fleet.members[1]!.name);

    // The listener closes at DRAIN_DELAY_MS; the slow request, read since before, is answered.
    await new Promise((resolve) => setTimeout(resolve, DRAIN_DELAY_MS - (Date.now() - signalled) + 500));
    const finished = Date.now();
    finishBody();
    const answer = await slow;
    expect(answer.status).toBe(201);
    const { code } = await exited;
    const exitAfterLastAnswerMs = Date.now() - finished;
    expect(code).toBe(0);
    // Not held by the idle keep-alive connection (5 s keep-alive timeout).
    expect(exitAfterLastAnswerMs).toBeLessThan(2_000);
    agent.destroy();
    console.log(
      `drain: marked down by HAProxy ${markedDownMs} ms after SIGTERM; 12 new leads all to the others; ` +
        `the slow request answered 201 after the listener closed; exit ${exitAfterLastAnswerMs} ms after its answer`,
    );
  }, 120_000);
});
