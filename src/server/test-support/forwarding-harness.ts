import type { FastifyInstance } from "fastify";
import { afterEach } from "vitest";
import { buildApp } from "../app";
import { testConfig, type Config } from "../config";
import { deliveries } from "../store/schema";
import { useTestStore, type StoreKind, type TestStore } from "./test-helpers";
import type { OutboxOptions } from "../outbox/outbox-worker";
import { TestReceiver } from "./test-receiver";

/**
 * What the forwarding tests share: a test store per file (reset after each test), an app with a
 * fast outbox over it, real local receivers, and a wait for the deliveries' status.
 */
export function forwardingHarness(kind: StoreKind) {
  let store: TestStore;
  let app: FastifyInstance | undefined;
  const receivers: TestReceiver[] = [];
  useTestStore(kind, (made) => (store = made));
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await Promise.all(receivers.splice(0).map((r) => r.stop()));
  });

  /** A receiver on a free port, or on `port` (to bring up one that was refused before). */
  const receiver = async (port?: number) => {
    const r = await new TestReceiver().start(port);
    receivers.push(r);
    return r;
  };
  const start = async (
    overrides: Partial<Config>,
    outbox: Partial<Pick<OutboxOptions, "pollMs" | "timeoutMs" | "leaseMs" | "probeMs" | "batchSize">> = {},
  ) => {
    app = await buildApp(testConfig({ BUILD_DIR: "/nonexistent-build", OUTBOX_RETRY_BASE_MS: 100, ...overrides }), {
      store,
      outbox: { pollMs: 50, ...outbox },
    });
    await app.ready();
    return app;
  };
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app!.inject({ method: "POST", url, payload, headers: { "user-agent": "Mozilla/5.0 (Test)", ...headers } });
  const rows = () => store.db.select().from(deliveries);
  const waitForStatus = async (status: string, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const all = await rows();
      if (all.length > 0 && all.every((row) => row.status === status)) return all;
      if (Date.now() > deadline)
        throw new Error(`deliveries not ${status}: ${JSON.stringify(all.map((r) => r.status))}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  return {
    get store() {
      return store;
    },
    get app() {
      return app;
    },
    receiver,
    start,
    post,
    rows,
    waitForStatus,
  };
}
