import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { VOICE_EVENTS_PATH } from "../../domain/voice-keys";
import type { Config } from "../config";
import { transitionsOf } from "../store/lead-pipeline-repository";
import { callbacksOf } from "../store/verification-callbacks-repository";
import {
  SUNRISE_LEAD,
  TREMENDOUS_TEST_KEY,
  autoVerifyApp,
  autoVerifyConfig,
  eventually,
  qualifiedAndChecked,
} from "../test-support/auto-verify-harness";
import { STORE_KINDS, useTestStore, type TestStore } from "../test-support/test-helpers";
import { startTremendousStandIn, type TremendousStandIn } from "../test-support/tremendous-stand-in";
import { startRegistryStandIns, type RegistryStandIns } from "../test-support/verification-harness";
import { VapiStandIn, type CallEnding } from "../test-support/vapi-stand-in";
import { latestVerification } from "./verification-repository";

const VAPI_KEY = "vapi-private-key-for-tests";
const SECRET = "voice-webhook-secret-0123456789";
const DAY_MS = 86_400_000;

/**
 * The callback to the facility's number of record (decision 0042), end to end: the runner places it
 * through the Vapi stand-in's `POST /call` to the registry's number (never the lead's), and the
 * end-of-call report on POST /api/voice/events decides: yes pays, no holds as likely fraud, no
 * answer tries once more, a forged report changes nothing, outside business hours it waits.
 */
describe.each(STORE_KINDS)("the callback to the facility's number of record (%s)", (kind) => {
  let store: TestStore;
  let standIns: RegistryStandIns;
  let tremendous: TremendousStandIn;
  let vapi: VapiStandIn;
  let app: FastifyInstance;
  let domainCounter = 0;

  useTestStore(kind, (made) => (store = made));
  beforeAll(async () => {
    standIns = await startRegistryStandIns();
  });
  afterAll(() => standIns.close());
  beforeEach(async () => {
    tremendous = await startTremendousStandIn({ apiKey: TREMENDOUS_TEST_KEY });
    vapi = await new VapiStandIn(VAPI_KEY).start();
  });
  afterEach(async () => {
    await app.close();
    await tremendous.close();
    await vapi.stop();
  });

  const start = async (overrides: Partial<Config> = {}, now?: () => Date) => {
    const config = autoVerifyConfig(standIns, tremendous, {
      VERIFICATION_CALLBACK: true,
      VERIFICATION_CALLBACK_HOURS: "any",
      VAPI_PRIVATE_KEY: VAPI_KEY,
      VAPI_PHONE_NUMBER_ID: "phone-number-of-the-product",
      VAPI_API_URL: vapi.url,
      VOICE_WEBHOOK_SECRET: SECRET,
      SITE_URL: "http://127.0.0.1:9",
      ...overrides,
    });
    app = await autoVerifyApp(store, config, {
      workAddressConfirmedAt: async () => new Date(),
      ...(now ? { now } : {}),
    });
  };

  /** A Sunrise lead on an old domain carrying its name and showing its phone: evidence only, so the callback decides. */
  const evidenceOnlyLead = async () => {
    const domain = `sunrise-nursing-cb${++domainCounter}-${kind}.example`;
    standIns.web.sites.set(domain, { home: "<p>Sunrise Nursing: (404) 555-0100</p>" });
    standIns.rdap.registrations.set(domain, new Date(Date.now() - 3000 * DAY_MS).toISOString());
    return qualifiedAndChecked(app, { ...SUNRISE_LEAD, email: `jo@${domain}` });
  };
  const onlyCall = () => [...vapi.calls.values()];
  const report = (
    callId: string,
    ending: CallEnding,
    change?: (body: { message: Record<string, unknown> }) => void,
  ) => {
    const { headers, body } = vapi.endOfCallReport(callId, ending);
    const parsed = JSON.parse(body) as { message: Record<string, unknown> };
    change?.(parsed);
    return app.inject({ method: "POST", url: VOICE_EVENTS_PATH, headers, payload: parsed });
  };
  const stepsOf = async (leadId: string) => (await transitionsOf(store.db, leadId)).map((t) => t.toStatus);

  it("yes: placed to the registry's number (not the lead's), then paid to the confirmed work address", async () => {
    await start();
    const leadId = await evidenceOnlyLead();
    expect((await latestVerification(store.db, leadId))?.reasons.join("; ")).toContain("waiting for the callback");
    const calls = onlyCall();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      phoneNumberId: "phone-number-of-the-product",
      customer: { number: "+14045550100" },
      metadata: { purpose: "verification_callback", leadId },
    });
    expect(tremendous.createCalls()).toBe(0);
    const answered = await report(calls[0]!.id, { confirmed: "yes", answeredBy: "Pat, front desk" });
    expect(answered.statusCode).toBe(200);
    await eventually(
      () => stepsOf(leadId),
      (s) => s.includes("gift_card_sent"),
      20_000,
    );
    expect(tremendous.orders).toHaveLength(1);
    expect(tremendous.orders[0]!.rewards[0]!.recipient.email).toMatch(/^jo@sunrise-nursing-cb/);
    const [row] = await callbacksOf(store.db, leadId);
    expect(row).toMatchObject({ outcome: "yes", answeredBy: "Pat, front desk", phone: "4045550100" });
    expect(row!.transcript).toContain("User: Yes.");
  });

  it("no: held for a person, marked as likely fraud, no card", async () => {
    await start();
    const leadId = await evidenceOnlyLead();
    expect((await report(onlyCall()[0]!.id, { confirmed: "no" })).statusCode).toBe(200);
    const held = await eventually(
      () => latestVerification(store.db, leadId),
      (v) => v?.reasons.some((r) => r.startsWith("likely fraud")) ?? false,
    );
    expect(held?.decision).toBe("needs_review");
    expect(held?.reasons[0]).toMatch(/^likely fraud/);
    await app.verification!.idle();
    expect(tremendous.createCalls()).toBe(0);
    expect(await stepsOf(leadId)).toEqual(["qualified"]);
  });

  it("no answer: tried once more, then a person; never a third call", async () => {
    await start();
    const leadId = await evidenceOnlyLead();
    await report(onlyCall()[0]!.id, { endedReason: "customer-did-not-answer" });
    await eventually(
      async () => onlyCall().length,
      (n) => n === 2,
    );
    expect(onlyCall()).toHaveLength(2);
    await report(onlyCall()[1]!.id, { endedReason: "voicemail" });
    const person = await eventually(
      () => latestVerification(store.db, leadId),
      (v) => v?.reasons.some((r) => r.includes("no answer, twice")) ?? false,
    );
    expect(person?.decision).toBe("needs_review");
    await app.verification!.sweep();
    await app.verification!.idle();
    expect(onlyCall()).toHaveLength(2);
    expect(tremendous.createCalls()).toBe(0);
  });

  it("a forged end-of-call report changes nothing: wrong secret, a call not placed, another number, another lead", async () => {
    await start();
    const leadId = await evidenceOnlyLead();
    const otherLead = await evidenceOnlyLead();
    const callId = onlyCall().find((c) => c.metadata?.leadId === leadId)!.id;
    const wrongSecret = vapi.endOfCallReport(callId, { confirmed: "yes" });
    const refused = await app.inject({
      method: "POST",
      url: VOICE_EVENTS_PATH,
      headers: { "x-vapi-secret": "not-the-secret-at-all-0000" },
      payload: JSON.parse(wrongSecret.body) as object,
    });
    expect(refused.statusCode).toBe(401);
    const notPlaced = await report(callId, { confirmed: "yes" }, (b) => {
      (b.message.call as { id: string }).id = "a-call-the-product-never-placed";
    });
    expect(notPlaced.statusCode).toBe(404);
    const otherNumber = await report(callId, { confirmed: "yes" }, (b) => {
      (b.message.call as { customer: { number: string } }).customer.number = "+14045559999";
    });
    expect(otherNumber.statusCode).toBe(409);
    const anotherLead = await report(callId, { confirmed: "yes" }, (b) => {
      (b.message.call as { metadata: Record<string, string> }).metadata.leadId = otherLead;
    });
    expect(anotherLead.statusCode).toBe(409);
    await app.verification!.idle();
    expect((await callbacksOf(store.db, leadId))[0]?.outcome).toBeNull();
    expect((await callbacksOf(store.db, otherLead))[0]?.outcome).toBeNull();
    expect(tremendous.createCalls()).toBe(0);
  });

  it("outside the facility's business hours the call waits for them (a Saturday night: Monday 09:00 in Georgia)", async () => {
    const saturdayNight = new Date("2026-11-28T03:00:00Z"); // Friday 22:00 in Atlanta
    await start({ VERIFICATION_CALLBACK_HOURS: "Mon-Fri 09:00-17:00" }, () => saturdayNight);
    const leadId = await evidenceOnlyLead();
    expect(onlyCall()).toHaveLength(0);
    const [waiting] = await callbacksOf(store.db, leadId);
    expect(waiting).toMatchObject({ status: "waiting" });
    expect(waiting!.dueAt.toISOString()).toBe("2026-11-30T14:00:00.000Z");
  });
});
