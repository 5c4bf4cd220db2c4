/**
 * Recovery drain: 10,000 deliveries queued while their destination was down, each backed off
 * for an hour; the destination is back when the server starts. Measured: from the server's
 * start until every one is delivered (the outbox's defaults: a probe at once, then batches of 10).
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { buildApp } from "../src/server/app";
import { testConfig } from "../src/server/config";
import { TestReceiver } from "../src/server/test-support/test-receiver";
import { deliveries } from "../src/server/store/schema";
import { createTestStore, type StoreKind } from "../src/server/test-support/test-helpers";

export interface DrainFigure {
  database: string;
  deliveries: number;
  drainSeconds: number;
  deliveredPerSecond: number;
  receivedOnce: boolean;
}

export async function measureDrain(kind: StoreKind, count: number): Promise<DrainFigure> {
  const store = await createTestStore(kind);
  const receiver = await new TestReceiver().start();
  try {
    for (let from = 0; from < count; from += 1000) {
      await store.db.insert(deliveries).values(
        Array.from({ length: Math.min(1000, count - from) }, (_, n) => ({
          id: randomUUID(),
          destination: "homepage_webhook",
          recordKind: "facility_lead" as const,
          recordId: randomUUID(),
          url: receiver.url(),
          payload: JSON.stringify({ n: from + n }),
          attempts: 8,
          nextAttemptAt: sql`now() + interval '1 hour'`,
        })),
      );
    }
    console.log(`drain (${kind}): ${count.toLocaleString("en-US")} deliveries queued…`);
    const started = performance.now();
    const app = await buildApp(testConfig({ BUILD_DIR: "/nonexistent-build", HOMEPAGE_WEBHOOK_URL: receiver.url() }), {
      store,
    });
    await app.ready();
    for (;;) {
      const pending = await store.db.$count(deliveries, eq(deliveries.status, "pending"));
      if (pending === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const drainSeconds = (performance.now() - started) / 1000;
    await app.close();
    const keys = new Set(receiver.received.map((request) => request.headers["idempotency-key"]));
    return {
      database: kind === "pglite" ? "PGlite (in memory)" : "PostgreSQL",
      deliveries: count,
      drainSeconds: Math.round(drainSeconds * 10) / 10,
      deliveredPerSecond: Math.round(count / drainSeconds),
      receivedOnce: keys.size === count && receiver.received.length === count,
    };
  } finally {
    await receiver.stop();
    await store.destroy();
  }
}
