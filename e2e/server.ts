import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Starts the production server (`src/server/server.ts` over the built site) on a free port. */

export const E2E_ADMIN_TOKEN = "e2e-admin-token-0123456789";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export interface RunningServer {
  baseURL: string;
  process: ChildProcess;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "staffing-e2e-"));
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/server.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_TOKEN: E2E_ADMIN_TOKEN,
      // The journeys sign many accounts in from one loopback address, faster than a person could.
      STAFF_RATE_LIMIT_PER_MINUTE: "600",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      // The registries are looked up only where a journey starts their stand-ins (never a provider's real URL).
      VERIFICATION_JOB: "false",
      // No load balancer watches a test's server: it stops at once on SIGTERM (the fleet test drains).
      DRAIN_DELAY_MS: "0",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server exited with ${child.exitCode}`);
    }
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL"); // never leave an orphan holding the port and the output pipe
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error("server did not start within 90 s");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseURL,
    process: child,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
