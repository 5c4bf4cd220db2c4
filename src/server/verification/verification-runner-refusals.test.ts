import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SUNRISE } from "../test-support/registry-seeds";
import { STORE_KINDS, useTestStore, type TestStore } from "../test-support/test-helpers";
import { homepageLead } from "../test-support/test-fixtures";
import { startTremendousStandIn, type TremendousStandIn } from "../test-support/tremendous-stand-in";
import { startRegistryStandIns, type RegistryStandIns } from "../test-support/verification-harness";
import {
  SUNRISE_LEAD,
  TREMENDOUS_TEST_KEY,
  autoVerifyApp,
  autoVerifyConfig,
  qualifiedAndChecked,
} from "../test-support/auto-verify-harness";
import { transitionsOf } from "../store/lead-pipeline-repository";
import { latestVerification } from "./verification-repository";

/**
 * Not paid automatically (decisions 0024, 0029): each lead stays where it was, for staff (the Due
 * view), with the decision and its reasons in words stored; the provider gets no order for it.
 */
describe.each(STORE_KINDS)("the runner leaves these to staff, with their reasons (%s)", (kind) => {
  let store: TestStore;
  let standIns: RegistryStandIns;
  let tremendous: TremendousStandIn;
  let app: FastifyInstance;
  let confirmed = true;
  /** Cards ordered for the earlier leads a case needs (the same facility's, the same domain's). */
  let paidInSetup = 0;

  useTestStore(kind, (made) => (store = made));
  beforeAll(async () => {
    standIns = await startRegistryStandIns({ holdMs: 2000 });
  });
  afterAll(() => standIns.close());
  beforeEach(async () => {
    confirmed = true;
    paidInSetup = 0;
    tremendous = await startTremendousStandIn({ apiKey: TREMENDOUS_TEST_KEY });
    app = await autoVerifyApp(store, autoVerifyConfig(standIns, tremendous, { VERIFICATION_SWEEP_MS: 60_000 }), {
      workAddressConfirmedAt: async () => (confirmed ? new Date() : null),
    });
  });
  afterEach(async () => {
    await app.close();
    await tremendous.close();
  });

  const qualifiedAndRun = (fields: Record<string, unknown>) => qualifiedAndChecked(app, { ...SUNRISE_LEAD, ...fields });
  const paidLead = async (fields: Record<string, unknown>) => {
    const leadId = await qualifiedAndRun(fields);
    expect((await transitionsOf(store.db, leadId)).map((t) => t.toStatus)).toContain("gift_card_sent");
    paidInSetup++;
  };
  const healthSystem = (facilityName: string, facilityType: string) => ({
    facilityName,
    facilityType,
    email: `jo.${facilityType}@health-system.example`,
  });

  it.each<[string, () => Promise<string>, string]>([
    ["a free-mail address", () => qualifiedAndRun({ email: "jo.kim@gmail.com" }), "free-mail address"],
    ["a disposable address", () => qualifiedAndRun({ email: "jo@mailinator.com" }), "disposable address"],
    [
      "a look-alike domain whose website lacks the phone",
      () => qualifiedAndRun({ email: "jo@sunrise-care-center.example" }),
      "website does not show the registry phone",
    ],
    ["the facility in another state", () => qualifiedAndRun({ location: "Florida" }), "facility not found in Florida"],
    [
      "a second lead from the same facility",
      async () => {
        await paidLead({});
        return qualifiedAndRun({ email: `sam@${SUNRISE.domain}`, firstName: "Sam" });
      },
      `a card went to this facility (NPI ${SUNRISE.npi}, CCN ${SUNRISE.ccn}) in the last 365 days`,
    ],
    [
      "another facility on a domain a card went to (one health system's two facilities)",
      async () => {
        await paidLead(healthSystem("Sunrise Nursing and Rehabilitation", "nursing_home"));
        return qualifiedAndRun(healthSystem("Mercy General Hospital", "hospital"));
      },
      "a card went to another facility on this e-mail domain in the last 365 days: a person decides",
    ],
    [
      "a lead not qualified (the code's hook nudges it)",
      async () => {
        const posted = await app.inject({ method: "POST", url: "/api/leads", payload: homepageLead(SUNRISE_LEAD) });
        const leadId = posted.json<{ id: string }>().id;
        await app.verification!.nudge(leadId);
        return leadId;
      },
      "not qualified by the chat or a call",
    ],
    [
      "the code never confirmed",
      () => {
        confirmed = false;
        return qualifiedAndRun({});
      },
      "work e-mail address not confirmed",
    ],
  ])("%s: no order, left where it was, the reason stored", async (_, makeLead, reason) => {
    const leadId = await makeLead();
    await app.verification!.sweep(); // a sweep changes nothing for a decision already taken
    const verification = await latestVerification(store.db, leadId);
    expect(verification?.decision).toBe("needs_review");
    expect(verification?.reasons).toContain(reason);
    expect(tremendous.createCalls()).toBe(paidInSetup); // the earlier leads' cards only
    const steps = (await transitionsOf(store.db, leadId)).map((t) => t.toStatus);
    expect(steps).not.toContain("role_verified");
    expect(steps).not.toContain("gift_card_sent");
  });
});
