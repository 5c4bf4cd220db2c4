import { randomUUID } from "node:crypto";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { deliveries } from "../store/schema";
import { STORE_KINDS, useTestStore, type TestStore } from "../test-support/test-helpers";
import { TestReceiver } from "../test-support/test-receiver";
import { killServer, startServerProcess, type ServerProcess } from "../test-support/test-server-process";

/** Several server processes on one PostgreSQL: SKIP LOCKED gives each row to one sender. */
const SHARED_KINDS = STORE_KINDS.filter((kind) => kind === "postgres");

describe("the outbox claims rows with SKIP LOCKED", () => {
  it("runs on PostgreSQL when TEST_DATABASE_URL is set", () => {
    expect(STORE_KINDS).toContain("pglite");
  });
});

describe.each(SHARED_KINDS)("two server processes on %s", (kind) => {
  let store: TestStore;
  const servers: ServerProcess[] = [];
  const receiver = new TestReceiver();
  // The processes share the block's database by its URL; they stop before it is emptied.
  useTestStore(kind, (made) => (store = made));
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => killServer(server, "SIGTERM")));
  });
  afterAll(() => receiver.stop());

  it("deliver 200 queued deliveries exactly once between them", async () => {
    await receiver.start();
    receiver.answer = () => ({ status: 200 });
    const env = { DATABASE_URL: store.databaseUrl!, NURSE_FORM_URL: receiver.url("/nurse"), DATA_DIR: "/nonexistent" };
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));

    const ids = Array.from({ length: 200 }, () => randomUUID());
    await store.db.insert(deliveries).values(
      ids.map((id, n) => ({
        id,
        destination: "nurse_form",
        recordKind: "nurse_application" as const,
        recordId: randomUUID(),
        url: receiver.url("/nurse"),
        payload: JSON.stringify({ n }),
      })),
    );

    await receiver.waitFor(200, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // anything sent twice would arrive by now
    const keys = receiver.received.map((r) => r.headers["idempotency-key"]);
    expect(receiver.received).toHaveLength(200);
    expect(new Set(keys)).toEqual(new Set(ids));
    const rows = await store.db.select().from(deliveries);
    expect(rows.every((row) => row.status === "delivered" && row.attempts === 1)).toBe(true);
    // Both processes took part.
    const senders = servers.map((server) => (server.output().match(/"delivery attempt"/g) ?? []).length);
    expect(senders.reduce((a, b) => a + b, 0)).toBe(200);
  }, 120_000);
});
