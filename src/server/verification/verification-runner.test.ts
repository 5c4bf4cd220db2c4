import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MERCY, SUNRISE } from "../test-support/registry-seeds";
import { STORE_KINDS, useTestStore, type TestStore } from "../test-support/test-helpers";
import { startTremendousStandIn, type TremendousStandIn } from "../test-support/tremendous-stand-in";
import { startRegistryStandIns, type RegistryStandIns } from "../test-support/verification-harness";
import {
  SUNRISE_LEAD,
  TREMENDOUS_TEST_KEY,
  autoVerifyApp,
  autoVerifyConfig,
  eventually,
  qualifyByChat,
} from "../test-support/auto-verify-harness";
import { transitionsOf } from "../store/lead-pipeline-repository";
import { latestVerification } from "./verification-repository";
import type { Config } from "../config";
import type { VerificationDeps } from "./verify-lead";

/**
 * The runner at work (decision 0029): qualified through the real chat API, verified from the NPPES,
 * CMS and website stand-ins, paid at the Tremendous stand-in through the one exactly-once path.
 * `workAddressConfirmedAt` is injected, so each case says which addresses are confirmed without
 * going through the code's e-mail (work-email/work-email.test.ts tests the code itself).
 */
describe.each(STORE_KINDS)("the verification runner pays a verified lead at once (%s)", (kind) => {
  let store: TestStore;
  let standIns: RegistryStandIns;
  let tremendous: TremendousStandIn;
  const apps: FastifyInstance[] = [];
  /** When each lead confirmed its work address (absent: not confirmed). */
  const confirmed = new Map<string, Date>();
  const confirmAll = { value: true };
  const deps: Partial<VerificationDeps> = {
    workAddressConfirmedAt: async (leadId) => confirmed.get(leadId) ?? (confirmAll.value ? new Date() : null),
  };

  useTestStore(kind, (made) => (store = made));
  beforeAll(async () => {
    standIns = await startRegistryStandIns({ holdMs: 2000 });
  });
  afterAll(() => standIns.close());
  beforeEach(async () => {
    tremendous = await startTremendousStandIn({ apiKey: TREMENDOUS_TEST_KEY });
    confirmed.clear();
    confirmAll.value = true;
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await tremendous.close();
    standIns.nppes.setFault("none");
  });

  const start = async (overrides: Partial<Config> = {}, withProvider = true) => {
    const app = await autoVerifyApp(
      store,
      autoVerifyConfig(standIns, withProvider ? tremendous : undefined, overrides),
      deps,
    );
    apps.push(app);
    return app;
  };
  const statusOf = async (leadId: string) => (await transitionsOf(store.db, leadId)).map((t) => t.toStatus);

  it("a director of nursing at a registry facility, address on its domain and confirmed: the $50 order within the runner's interval, evidence naming the NPI", async () => {
    const app = await start();
    const qualifiedAt = Date.now();
    const leadId = await qualifyByChat(app);
    const steps = await eventually(
      () => statusOf(leadId),
      (s) => s.includes("gift_card_sent"),
      5000,
    );
    expect(Date.now() - qualifiedAt).toBeLessThan(5000);
    expect(steps).toEqual(["qualified", "role_verified", "gift_card_sent"]);
    expect(tremendous.orders).toHaveLength(1);
    expect(tremendous.orders[0]!.rewards[0]).toMatchObject({
      value: { denomination: 50 },
      recipient: { email: SUNRISE_LEAD.email },
    });
    const [, verified, card] = await transitionsOf(store.db, leadId);
    expect(verified).toMatchObject({
      actor: "system:verification",
      details: {
        method: "registry_and_work_email",
        npi: SUNRISE.npi,
        ccn: SUNRISE.ccn,
        domainTie: "npi_endpoint_domain,cms_record",
      },
    });
    expect(verified!.note).toContain(`NPI ${SUNRISE.npi}`);
    expect(card).toMatchObject({ actor: "system:verification", details: { amountUsd: 50 } });
    expect((await latestVerification(store.db, leadId))?.decision).toBe("verified");
    const metrics = await app.metrics.registry.getSingleMetricAsString("funnel_verifications_total");
    expect(metrics).toContain('funnel_verifications_total{decision="verified"} 1');
    expect(await app.metrics.registry.getSingleMetricAsString("funnel_automatic_rewards_total")).toContain(
      'funnel_automatic_rewards_total{result="ordered"} 1',
    );
  });

  it("the code confirmed after the decision: the sweep verifies and pays without a nudge", async () => {
    confirmAll.value = false;
    const app = await start();
    const leadId = await qualifyByChat(app);
    const first = await eventually(
      () => latestVerification(store.db, leadId),
      (v) => v !== undefined,
    );
    expect(first).toMatchObject({ decision: "needs_review", reasons: ["work e-mail address not confirmed"] });
    expect(tremendous.orders).toHaveLength(0);
    confirmed.set(leadId, new Date());
    expect(
      await eventually(
        () => statusOf(leadId),
        (s) => s.includes("gift_card_sent"),
      ),
    ).toContain("gift_card_sent");
    expect(tremendous.orders).toHaveLength(1);
  });

  it("exactly one order: nudged twice, swept, and a second process's runner, all at once", async () => {
    confirmAll.value = false;
    const one = await start({ VERIFICATION_SWEEP_MS: 60_000 });
    const two = await start({ VERIFICATION_SWEEP_MS: 60_000 });
    const leadId = await qualifyByChat(one);
    await one.verification!.idle();
    confirmed.set(leadId, new Date());
    const outcomes = await Promise.all([
      one.verification!.nudge(leadId),
      one.verification!.nudge(leadId),
      two.verification!.nudge(leadId),
      two.verification!.sweep(),
      one.verification!.sweep(),
    ]);
    await Promise.all([one.verification!.idle(), two.verification!.idle()]);
    expect(outcomes.flat().some((o) => o.order === "ordered")).toBe(true);
    expect(tremendous.orders).toHaveLength(1);
    expect(tremendous.createCalls()).toBe(1);
    expect(await statusOf(leadId)).toEqual(["qualified", "role_verified", "gift_card_sent"]);
    // Nudged again later (the code's hook called twice): nothing more.
    expect(await two.verification!.nudge(leadId)).toMatchObject({ skipped: "past_verification" });
    expect(tremendous.createCalls()).toBe(1);
  });

  it("the provider's answer lost after it took the order: the sweep finds it by its key; one order", async () => {
    const app = await start({ VERIFICATION_SWEEP_MS: 60_000 });
    tremendous.failNext({ kind: "timeout-after-create", holdMs: 1500 });
    const leadId = await qualifyByChat(app);
    await eventually(
      () => statusOf(leadId),
      (s) => s.includes("role_verified"),
    );
    await app.verification!.idle();
    expect(tremendous.orders).toHaveLength(1);
    expect(await statusOf(leadId)).toEqual(["qualified", "role_verified"]);
    expect((await app.verification!.sweep()).find((o) => o.leadId === leadId)).toMatchObject({ order: "ordered" });
    expect(await statusOf(leadId)).toEqual(["qualified", "role_verified", "gift_card_sent"]);
    expect(tremendous.orders).toHaveLength(1);
  });

  it("without auto-pay the lead stops at 'role verified' for staff; without a provider too", async () => {
    const noAutoPay = await start({ VERIFICATION_AUTO_PAY: false });
    const first = await qualifyByChat(noAutoPay);
    await eventually(
      () => statusOf(first),
      (s) => s.includes("role_verified"),
    );
    await noAutoPay.verification!.idle();
    expect(await statusOf(first)).toEqual(["qualified", "role_verified"]);
    await noAutoPay.close();
    apps.splice(0);
    const noProvider = await start({}, false);
    const second = await qualifyByChat(noProvider, {
      ...SUNRISE_LEAD,
      facilityName: "Mercy General Hospital",
      facilityType: "hospital",
      email: `jo@${MERCY.domain}`,
    });
    await eventually(
      () => statusOf(second),
      (s) => s.includes("role_verified"),
    );
    await noProvider.verification!.idle();
    expect(await statusOf(second)).toEqual(["qualified", "role_verified"]);
    expect(tremendous.createCalls()).toBe(0);
  });

  it("registries down, then back: the lead's answers go through, 'not checked yet', then checked and paid by the sweep", async () => {
    standIns.nppes.setFault("status_500");
    const app = await start({ VERIFICATION_SWEEP_MS: 300 });
    const leadId = await qualifyByChat(app); // every chat answer was a 200
    const waiting = await eventually(
      () => latestVerification(store.db, leadId),
      (v) => v !== undefined,
    );
    expect(waiting).toMatchObject({ decision: "not_checked_yet" });
    expect(waiting!.reasons[0]).toBe("registries could not be reached: checked again later");
    expect(await statusOf(leadId)).toEqual(["qualified"]);
    standIns.nppes.setFault("none");
    const back = Date.now();
    await eventually(
      () => statusOf(leadId),
      (s) => s.includes("gift_card_sent"),
    );
    expect(Date.now() - back).toBeLessThan(3 * 60_000);
    expect((await latestVerification(store.db, leadId))?.decision).toBe("verified");
    expect(tremendous.orders).toHaveLength(1);
  });
});
