import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import Redis from "ioredis";
import { loadConfig } from "../config";
import { killServer, startServerProcess, type ServerProcess } from "./test-server-process";
import { freePort } from "./test-receiver";

/** The server's own default drain (config.ts), which the fleet's members keep. */
const SHIPPED_DRAIN_DELAY_MS = String(loadConfig({}).DRAIN_DELAY_MS);

/**
 * The fleet test's parts: the compiled server built once, N processes of it on fixed
 * ports (a restarted one comes back where HAProxy looks for it), and HAProxy itself running the
 * repository's deploy/haproxy.cfg in the foreground, its log kept (which server answered, when
 * one went down or up).
 */

export const root = fileURLToPath(new URL("../../..", import.meta.url));
export const HAPROXY_CONFIG = join(root, "deploy", "haproxy.cfg");

/** The HAProxy binary (Debian puts it in /usr/sbin), or undefined when it is not installed. */
export function haproxyBinary(): string | undefined {
  for (const candidate of ["haproxy", "/usr/sbin/haproxy"]) {
    try {
      execFileSync(candidate, ["-v"], { stdio: "ignore" });
      return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** Why the fleet cannot run here (PostgreSQL, Redis or HAProxy missing), or undefined when it can. */
export async function fleetUnavailable(databaseUrl: string | undefined, redisUrl: string): Promise<string | undefined> {
  if (!databaseUrl) return "TEST_DATABASE_URL is not set (the fleet shares one PostgreSQL)";
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    return `PostgreSQL at TEST_DATABASE_URL does not answer (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0 });
  redis.on("error", () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    return `Redis at ${redisUrl} does not answer (${(error as Error).message})`;
  } finally {
    redis.disconnect();
  }
  if (!haproxyBinary()) return "haproxy is not installed (Debian: apt-get install haproxy)";
  return undefined;
}

/** Compiles the server (scripts/build-server.mjs) into a build-fleet-* folder of the project; answers it and its removal. */
export async function buildServer(): Promise<{ buildDir: string; remove: () => void }> {
  const buildDir = mkdtempSync(join(root, "build-fleet-"));
  await promisify(execFile)(process.execPath, ["scripts/build-server.mjs"], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: buildDir },
  });
  return { buildDir, remove: () => rmSync(buildDir, { recursive: true, force: true }) };
}

/** One slot of the fleet: its port stays, its process is replaced on restart. */
export interface FleetMember {
  name: string;
  port: number;
  process?: ServerProcess;
}

export class Fleet {
  readonly members: FleetMember[];
  private constructor(
    members: FleetMember[],
    private readonly buildDir: string,
    private readonly env: Record<string, string>,
    private readonly memberEnv: (member: FleetMember) => Record<string, string>,
  ) {
    this.members = members;
  }

  /** `memberEnv`: what differs between members (the drain test gives each its own DATA_DIR). */
  static async create(
    size: number,
    buildDir: string,
    env: Record<string, string>,
    memberEnv: (member: FleetMember) => Record<string, string> = () => ({}),
  ): Promise<Fleet> {
    const members: FleetMember[] = [];
    for (let n = 1; n <= size; n++) members.push({ name: `app${n}`, port: await freePort() });
    return new Fleet(members, buildDir, env, memberEnv);
  }

  /** Starts one member's process and waits until it answers its health check. */
  async start(member: FleetMember): Promise<ServerProcess> {
    member.process = await startServerProcess(
      // The drain as shipped (a test's lone server process stops at once; a fleet member drains).
      { BUILD_DIR: this.buildDir, DRAIN_DELAY_MS: SHIPPED_DRAIN_DELAY_MS, ...this.env, ...this.memberEnv(member) },
      { compiledEntry: join(this.buildDir, "server", "server.js"), port: member.port },
    );
    return member.process;
  }

  async startAll(): Promise<void> {
    await Promise.all(this.members.map((member) => this.start(member)));
  }

  /** Signals one member and waits for its exit: the exit code or signal, and how long it took. */
  async stop(member: FleetMember, signal: NodeJS.Signals): Promise<{ code: number | null; ms: number }> {
    const child = member.process!.child;
    const began = Date.now();
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill(signal);
    const code = await exited;
    return { code, ms: Date.now() - began };
  }

  async stopAll(): Promise<void> {
    await Promise.all(this.members.map((m) => (m.process ? killServer(m.process, "SIGTERM") : undefined)));
  }

  /** Every member's output so far (for a failing test's message). */
  output(): string {
    return this.members.map((m) => `--- ${m.name}\n${m.process?.output() ?? ""}`).join("\n");
  }
}

/** HAProxy on deploy/haproxy.cfg, in the foreground, in front of the fleet's members. */
export class Haproxy {
  log = "";
  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {
    child.stdout!.on("data", (chunk: Buffer) => (this.log += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (this.log += chunk.toString()));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  static async start(members: FleetMember[]): Promise<Haproxy> {
    const port = await freePort();
    const env: Record<string, string> = { STAFFING_BIND: `127.0.0.1:${port}` };
    members.forEach((m, i) => (env[`STAFFING_SERVER_${i + 1}`] = `127.0.0.1:${m.port}`));
    const child = spawn(haproxyBinary()!, ["-db", "-f", HAPROXY_CONFIG], {
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const proxy = new Haproxy(child, port);
    for (let i = 0; i < 100; i++) {
      if (child.exitCode !== null) throw new Error(`haproxy exited:\n${proxy.log}`);
      const ok = await fetch(`${proxy.url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return proxy;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`haproxy did not answer:\n${proxy.log}`);
  }

  /** Resolves when HAProxy's log says the member went `DOWN` or `UP` (after `since` characters of the log). */
  async waitFor(member: FleetMember, state: "UP" | "DOWN", since: number, timeoutMs = 20_000): Promise<void> {
    const pattern = new RegExp(`Server staffing/${member.name} is ${state}`);
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(this.log.slice(since))) {
      if (Date.now() > deadline)
        throw new Error(`haproxy never saw ${member.name} ${state}:\n${this.log.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** The server each logged request went to, in order, for requests to `path` (after `since` characters). */
  servedBy(path: string, since = 0): string[] {
    return this.log
      .slice(since)
      .split("\n")
      .filter((line) => line.includes(` ${path} `))
      .map((line) => / staffing\/(\S+) /.exec(line)?.[1] ?? "?");
  }

  /** servedBy once HAProxy has logged `count` such requests (its log lines follow the answers by a moment). */
  async servedByOnce(path: string, count: number, since = 0, timeoutMs = 5_000): Promise<string[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.servedBy(path, since).length < count && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    return this.servedBy(path, since);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    this.child.kill("SIGTERM");
    await exited;
  }
}
