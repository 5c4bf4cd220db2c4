import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { homepageLead } from "./test-support/test-fixtures";

/** The real server process: SIGTERM/SIGINT finish the request in flight, close the store, exit 0. */

const TOKEN = "shutdown-test-admin-token";
const dataDir = mkdtempSync(join(tmpdir(), "staffing-shutdown-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function start(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/server.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_TOKEN: TOKEN,
      LOG_LEVEL: "silent",
      DATABASE_URL: "",
      BUILD_DIR: "/nonexistent-build",
    },
    stdio: "ignore",
  });
  for (let i = 0; i < 1200; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

const exitCode = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once("exit", resolve));

describe("graceful shutdown", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "on %s finishes the request in flight, keeps the lead, exits 0",
    async (signal) => {
      const port = await freePort();
      const child = await start(port);
      const body = JSON.stringify(homepageLead({ email: `${signal.toLowerCase()}@sunrise.example` }));

      // Send half of the body, signal the server, then the rest: the request is in flight throughout.
      const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(
          {
            host: "127.0.0.1",
            port,
            method: "POST",
            path: "/api/leads",
            headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
          },
          (res) => {
            let text = "";
            res.on("data", (chunk: Buffer) => (text += chunk));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on("error", reject);
        req.write(body.slice(0, 40));
        setTimeout(() => {
          child.kill(signal);
          setTimeout(() => req.end(body.slice(40)), 200);
        }, 200);
      });
      const exited = exitCode(child);
      const answer = await response;
      expect(answer.status).toBe(201);
      expect(await exited).toBe(0);

      const again = await start(port);
      const listed = await fetch(`http://127.0.0.1:${port}/api/admin/leads`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const { leads } = (await listed.json()) as { leads: { id: string }[] };
      expect(leads.map((lead) => lead.id)).toContain(JSON.parse(answer.text).id);
      again.kill("SIGTERM");
      expect(await exitCode(again)).toBe(0);
    },
    240_000,
  );
});
