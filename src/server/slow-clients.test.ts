import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "./config";
import { useTestApps } from "./test-support/test-helpers";

const BOUND_MS = 2_000;
/** Node checks the bound every second; a machine busy with other test runs adds its own delay. */
const SLACK_MS = 5_000;
const sockets: Socket[] = [];

/** A raw client: what it receives and when its connection closes. */
function rawClient(port: number): Promise<{ socket: Socket; received: () => string; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = connect(port, "127.0.0.1");
    sockets.push(socket);
    socket.on("data", (chunk) => (received += chunk.toString()));
    socket.on("error", () => {}); // a reset counts as closed
    const closed = new Promise<number>((done) => socket.once("close", () => done(performance.now())));
    socket.once("connect", () => resolve({ socket, received: () => received, closed }));
    socket.once("error", reject);
  });
}

describe("slow clients", () => {
  const build = useTestApps("pglite");
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.destroy();
  });

  /** A listening app over the block's store; answers its port. */
  async function listening(overrides: Partial<Config>): Promise<number> {
    const app = await build(overrides);
    await app.listen({ port: 0, host: "127.0.0.1" });
    return (app.server.address() as { port: number }).port;
  }

  it(`a body not arrived within the bound (${BOUND_MS} ms here) gets 408 and its connection closed, while others are answered`, async () => {
    const port = await listening({ REQUEST_TIMEOUT_MS: BOUND_MS });

    const slow = await rawClient(port);
    const started = performance.now();
    slow.socket.write(
      'POST /api/leads HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"form":"h',
    );

    // Meanwhile the server answers others.
    let closed = false;
    void slow.closed.then(() => (closed = true));
    const answered: number[] = [];
    while (!closed) {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      answered.push(response.status);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answered.length).toBeGreaterThanOrEqual(2);
    expect(answered.every((status) => status === 200)).toBe(true);

    const closedAt = await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
    const elapsed = closedAt - started;
    expect(elapsed).toBeGreaterThanOrEqual(BOUND_MS * 0.9);
    expect(elapsed).toBeLessThan(BOUND_MS + SLACK_MS);
  });

  it("headers that never finish are cut too", async () => {
    const port = await listening({ REQUEST_TIMEOUT_MS: BOUND_MS });
    const slow = await rawClient(port);
    const started = performance.now();
    slow.socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: a");
    const closedAt = await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAt - started).toBeLessThan(BOUND_MS + SLACK_MS);
  });

  it("a client address holds at most MAX_CONNECTIONS_PER_IP connections; one more is closed at once", async () => {
    const port = await listening({ MAX_CONNECTIONS_PER_IP: 3 });
    const held = await Promise.all([rawClient(port), rawClient(port), rawClient(port)]);
    const extra = await rawClient(port);
    await extra.closed;
    expect(extra.received()).toBe("");
    held[0]!.socket.destroy();
    await held[0]!.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const fresh = await rawClient(port);
    fresh.socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    await fresh.closed;
    expect(fresh.received()).toMatch(/^HTTP\/1\.1 200 /);
    for (const client of held.slice(1)) client.socket.destroy();
  });
});
