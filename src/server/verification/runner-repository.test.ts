import { describe, expect, it } from "vitest";
import type { FastifyBaseLogger } from "fastify";
import { STORE_KINDS, useTestStore, type TestStore } from "../test-support/test-helpers";
import { seedLead } from "../test-support/verification-harness";
import { SUNRISE_LEAD } from "../test-support/auto-verify-harness";
import { releaseLease, takeLease } from "./runner-repository";
import { VerificationRunner } from "./verification-runner";
import type { VerificationDeps } from "./verify-lead";

describe.each(STORE_KINDS)("verification leases across processes (%s)", (kind) => {
  let store: TestStore;
  useTestStore(kind, (made) => (store = made));
  const now = new Date();
  const later = (ms: number) => new Date(now.getTime() + ms);

  it("one holder at a time; a lease that ran out is taken over; only its holder releases it", async () => {
    const lead = await seedLead(store.db, SUNRISE_LEAD);
    expect(await takeLease(store.db, lead, "a", later(60_000), now)).toBe(true);
    expect(await takeLease(store.db, lead, "b", later(60_000), now)).toBe(false);
    await releaseLease(store.db, lead, "b"); // not b's: still a's
    expect(await takeLease(store.db, lead, "b", later(60_000), later(30_000))).toBe(false);
    expect(await takeLease(store.db, lead, "b", later(120_000), later(61_000))).toBe(true); // a's ran out
    await releaseLease(store.db, lead, "b");
    expect(await takeLease(store.db, lead, "a", later(60_000), now)).toBe(true);
  });

  it("two takers at once: exactly one wins", async () => {
    const lead = await seedLead(store.db, SUNRISE_LEAD);
    const wins = await Promise.all(
      ["a", "b", "c", "d"].map((owner) => takeLease(store.db, lead, owner, later(60_000), now)),
    );
    expect(wins.filter(Boolean)).toHaveLength(1);
  });

  it("a lead another process holds is skipped, its registries not asked", async () => {
    const lead = await seedLead(store.db, SUNRISE_LEAD);
    await takeLease(store.db, lead, "another-process", new Date(Date.now() + 60_000), new Date());
    let asked = 0;
    const refuse = async () => {
      asked++;
      throw new Error("not to be called");
    };
    const runner = new VerificationRunner({
      db: store.db,
      deps: { nppes: { searchOrganizations: refuse }, cms: { search: refuse } } as unknown as VerificationDeps,
      log: { warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger,
      rewards: undefined,
      autoPay: true,
      intervalMs: 60_000,
      concurrency: 2,
    });
    expect(await runner.nudge(lead)).toEqual({ leadId: lead, skipped: "busy" });
    expect(asked).toBe(0);
  });
});
