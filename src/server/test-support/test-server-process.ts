import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "./test-receiver";

const root = fileURLToPath(new URL("../../..", import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

/**
 * Starts the real server and waits until it answers: `node --import tsx src/server/server.ts`,
 * or, given `compiledEntry` (scripts/build-server.mjs's output), `node <compiledEntry>` alone, or
 * `npm run serve` (`viaNpm`, BUILD_DIR holding the compiled server); on `port` when given (a restart in place).
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { compiledEntry?: string; viaNpm?: boolean; port?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  let output = "";
  const [command, ...args] = options.viaNpm
    ? ["npm", "run", "--silent", "serve"] // exactly what an operator runs: npm above `node $BUILD_DIR/server/server.js`
    : options.compiledEntry
      ? [process.execPath, options.compiledEntry]
      : [process.execPath, "--import", "tsx", "src/server/server.ts"];
  const child = spawn(command!, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      BUILD_DIR: "/nonexistent-build",
      LOG_LEVEL: "info",
      // No registry lookups unless a test starts the stand-ins and asks for them (no traffic beyond 127.0.0.1).
      VERIFICATION_JOB: "false",
      // No load balancer watches a test's server: it stops at once on SIGTERM (the fleet test drains).
      DRAIN_DELAY_MS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000; // a loaded machine, several processes starting
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, baseUrl, output: () => output };
}

export async function killServer(server: ServerProcess, signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill(signal);
  await exited;
}
