import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transitionsOf } from "../store/lead-pipeline-repository";
import {
  TREMENDOUS_TEST_KEY,
  autoVerifyApp,
  autoVerifyConfig,
  eventually,
  qualifiedAndChecked,
} from "../test-support/auto-verify-harness";
import { STORE_KINDS, useTestStore, type TestStore } from "../test-support/test-helpers";
import { startTremendousStandIn, type TremendousStandIn } from "../test-support/tremendous-stand-in";
import { startRegistryStandIns, type RegistryStandIns } from "../test-support/verification-harness";
import { RECHECK_BACKOFF_MAX_SWEEPS, latestVerification } from "./verification-repository";

const SWEEP_MS = 400;

/**
 * No lead holds another back (decision 0044): RDAP never answers for one lead's domain, and is down
 * then back for another's. Both leads need the domain's age for the strong tie (an endpoint on
 * the domain, an old NPI, no CMS record). The second is paid within the sweep's interval of
 * RDAP's return; the first is still asked again, on its own back-off, and never paid.
 */
describe.each(STORE_KINDS)("the recheck sweep (%s)", (kind) => {
  let store: TestStore;
  let standIns: RegistryStandIns;
  let tremendous: TremendousStandIn;
  let app: FastifyInstance;
  useTestStore(kind, (made) => (store = made));
  beforeAll(async () => {
    standIns = await startRegistryStandIns();
    tremendous = await startTremendousStandIn({ apiKey: TREMENDOUS_TEST_KEY });
  });
  afterAll(async () => {
    await app?.close();
    await tremendous.close();
    await standIns.close();
  });

  it("RDAP down for one lead forever and back for another: the second is paid within the sweep", async () => {
    standIns.rdap.downFor.add("health-system.example");
    standIns.rdap.downFor.add("golden-oaks.example");
    app = await autoVerifyApp(store, autoVerifyConfig(standIns, tremendous, { VERIFICATION_SWEEP_MS: SWEEP_MS }), {
      workAddressConfirmedAt: async () => new Date(),
    });
    const stuck = await qualifiedAndChecked(app, {
      facilityName: "Peach State Assisted Living",
      facilityType: "assisted_living",
      location: "Georgia",
      email: "rae@health-system.example",
    });
    const waiting = await qualifiedAndChecked(app, {
      facilityName: "Golden Oaks Assisted Living",
      facilityType: "assisted_living",
      location: "Florida",
      email: "sam@golden-oaks.example",
    });
    for (const leadId of [stuck, waiting])
      expect((await latestVerification(store.db, leadId))?.decision).toBe("not_checked_yet");
    // The stuck lead is older and keeps failing; the other's registrar comes back.
    const asked = standIns.rdap.requests();
    standIns.rdap.downFor.delete("golden-oaks.example");
    const back = Date.now();
    const steps = await eventually(
      async () => (await transitionsOf(store.db, waiting)).map((t) => t.toStatus),
      (s) => s.includes("gift_card_sent"),
      10_000,
    );
    expect(steps).toContain("gift_card_sent");
    // Its own back-off (at most three sweeps) plus the run itself.
    expect(Date.now() - back).toBeLessThan(SWEEP_MS * RECHECK_BACKOFF_MAX_SWEEPS + 3000);
    await eventually(
      async () => standIns.rdap.requests(),
      (n) => n >= asked + 3,
      10_000,
    );
    expect((await latestVerification(store.db, stuck))?.decision).toBe("not_checked_yet");
    expect((await transitionsOf(store.db, stuck)).map((t) => t.toStatus)).not.toContain("gift_card_sent");
    expect(tremendous.orders).toHaveLength(1);
  });
});
