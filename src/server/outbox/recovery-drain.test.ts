import { describe, expect, it } from "vitest";
import { STORE_KINDS } from "../test-support/test-helpers";
import { homepageLead } from "../test-support/test-fixtures";
import { forwardingHarness } from "../test-support/forwarding-harness";

const LEADS = 40;
/** One row per destination is tried every PROBE_MS while all wait longer: without the drain, 40 rows would take 40 probes (80 s). */
const PROBE_MS = 2_000;

/** After a long outage the backlog goes out within a minute of recovery, not after each row's own backoff. */
describe.each(STORE_KINDS)("recovery drain on %s", (kind) => {
  const h = forwardingHarness(kind);
  const { receiver, start, post, rows, waitForStatus } = h;

  it(`${LEADS} deliveries backed off past a minute are all delivered within a minute of the receiver's return, each once`, async () => {
    const hook = await receiver();
    let up = false;
    hook.answer = () => (up ? { status: 200, delayMs: 20 } : { status: 503 });
    // Backoff starts at 80 s (±20%): after one failure every row waits more than a minute.
    await start(
      { HOMEPAGE_WEBHOOK_URL: hook.url(), OUTBOX_RETRY_BASE_MS: 80_000 },
      { leaseMs: 1_000, probeMs: PROBE_MS, batchSize: 5 },
    );
    for (let n = 0; n < LEADS; n++) {
      expect((await post("/api/leads", homepageLead({ email: `lead.${n}@care.example` }))).statusCode).toBe(201);
    }
    const deadline = Date.now() + 20_000;
    for (;;) {
      const all = await rows();
      if (
        all.length === LEADS &&
        all.every((row) => row.attempts >= 1 && row.nextAttemptAt.getTime() > Date.now() + 60_000)
      )
        break;
      if (Date.now() > deadline) throw new Error("rows did not back off past a minute");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const downRequests = hook.received.length;

    up = true;
    const recovered = Date.now();
    const delivered = await waitForStatus("delivered", 60_000);
    const drainMs = Date.now() - recovered;
    expect(drainMs).toBeLessThan(60_000);
    console.info(`recovery drain: ${LEADS} deliveries in ${drainMs} ms after the receiver came back`);
    expect(delivered).toHaveLength(LEADS);

    // Each delivered once: one accepted request per delivery (its Idempotency-Key).
    const accepted = hook.received.slice(downRequests).filter((request) => request.at >= recovered);
    const keys = accepted.map((request) => request.headers["idempotency-key"]);
    expect(new Set(keys).size).toBe(LEADS);
    expect(keys).toHaveLength(LEADS);
    // Paced: never more than a batch in flight at the receiver.
    expect(hook.mostInFlight).toBeGreaterThan(1);
    expect(hook.mostInFlight).toBeLessThanOrEqual(5);
  }, 120_000);
});
