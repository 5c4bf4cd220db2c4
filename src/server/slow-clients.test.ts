import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { createTestApp, createTestStore, type TestStore } from "./test-helpers";

const BOUND_MS = 1_000;

/** A raw client: what it receives and when its connection closes. */
function rawClient(port: number): Promise<{ socket: Socket; received: () => string; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = connect(port, "127.0.0.1");
    socket.on("data", (chunk) => (received += chunk.toString()));
    socket.on("error", () => {}); // a reset counts as closed
    const closed = new Promise<number>((done) => socket.once("close", () => done(performance.now())));
    socket.once("connect", () => resolve({ socket, received: () => received, closed }));
    socket.once("error", reject);
  });
}

describe("slow clients", () => {
  let store: TestStore;
  let app: FastifyInstance;
  afterEach(async () => {
    await app?.close();
    await store?.destroy();
  });

  it(`a body not arrived within the bound (${BOUND_MS} ms here) gets 408 and its connection closed, while others are answered`, async () => {
    store = await createTestStore("pglite");
    app = await createTestApp(store, { REQUEST_TIMEOUT_MS: BOUND_MS });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const port = (app.server.address() as { port: number }).port;

    const slow = await rawClient(port);
    const started = performance.now();
    slow.socket.write("POST /api/leads HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"form\":\"h");

    // Meanwhile the server answers others, each at once.
    const answered: number[] = [];
    while (performance.now() - started < BOUND_MS * 0.8) {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      answered.push(response.status);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answered.length).toBeGreaterThan(3);
    expect(answered.every((status) => status === 200)).toBe(true);

    const closedAt = await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
    const elapsed = closedAt - started;
    expect(elapsed).toBeGreaterThanOrEqual(BOUND_MS * 0.9);
    expect(elapsed).toBeLessThan(BOUND_MS + 2_500); // the bound plus Node's check interval (1 s) and a loaded machine's slack
  });

  it("headers that never finish are cut too", async () => {
    store = await createTestStore("pglite");
    app = await createTestApp(store, { REQUEST_TIMEOUT_MS: BOUND_MS });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const port = (app.server.address() as { port: number }).port;
    const slow = await rawClient(port);
    const started = performance.now();
    slow.socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: a");
    const closedAt = await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAt - started).toBeLessThan(BOUND_MS + 2_500);
  });

  it("a client address holds at most MAX_CONNECTIONS_PER_IP connections; one more is closed at once", async () => {
    store = await createTestStore("pglite");
    app = await createTestApp(store, { MAX_CONNECTIONS_PER_IP: 3 });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const port = (app.server.address() as { port: number }).port;
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
