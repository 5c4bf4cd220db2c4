import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { STORE_KINDS, useTestStore, type TestStore } from "../test-support/test-helpers";
import { startTremendousStandIn, type TremendousStandIn } from "../test-support/tremendous-stand-in";
import { startRegistryStandIns, type RegistryStandIns } from "../test-support/verification-harness";
import { endOfCallReport, homepageLead } from "../test-support/test-fixtures";
import {
  SUNRISE_LEAD,
  TREMENDOUS_TEST_KEY,
  autoVerifyApp,
  autoVerifyConfig,
  eventually,
  qualifiedAndChecked,
  qualifyByChat,
} from "../test-support/auto-verify-harness";
import { recordTransition, transitionsOf } from "../store/lead-pipeline-repository";
import { facilityLeads } from "../store/schema";
import { latestVerification } from "./verification-repository";

const VOICE_SECRET = "voice-secret-of-the-test-1234";

/** The voice channel, the code's hook and staff acting while the runner works. */
describe.each(STORE_KINDS)("the runner and what happens meanwhile (%s)", (kind) => {
  let store: TestStore;
  let standIns: RegistryStandIns;
  let tremendous: TremendousStandIn;
  let app: FastifyInstance;
  const confirmed = new Map<string, Date>();
  /** While set, the next question about a lead's address waits for it (a run held mid-way). */
  let hold: Promise<void> | undefined;
  let asked = 0;

  useTestStore(kind, (made) => (store = made));
  beforeAll(async () => {
    standIns = await startRegistryStandIns({ holdMs: 2000 });
  });
  afterAll(() => standIns.close());
  beforeEach(async () => {
    confirmed.clear();
    asked = 0;
    tremendous = await startTremendousStandIn({ apiKey: TREMENDOUS_TEST_KEY });
    const settings = { VERIFICATION_SWEEP_MS: 60_000, VOICE_WEBHOOK_SECRET: VOICE_SECRET };
    app = await autoVerifyApp(store, autoVerifyConfig(standIns, tremendous, settings), {
      workAddressConfirmedAt: async (leadId) => {
        const answer = confirmed.get(leadId) ?? null; // what the run read before it was held
        asked++;
        const held = hold;
        hold = undefined;
        await held;
        return answer;
      },
    });
  });
  afterEach(async () => {
    await app.close();
    await tremendous.close();
  });

  it("the code confirmed while the lead's first run is under way: the nudge runs it once more, and it is paid", async () => {
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    const leadId = await qualifyByChat(app); // its run starts, reads "not confirmed", and is held
    await eventually(
      async () => asked,
      (n) => n > 0,
    );
    confirmed.set(leadId, new Date());
    const during = app.verification!.nudge(leadId); // the code's hook, mid-run
    release();
    expect(await during).toMatchObject({ decision: "needs_review" }); // the first run's answer
    await app.verification!.idle();
    expect((await transitionsOf(store.db, leadId)).map((t) => t.toStatus)).toEqual([
      "qualified",
      "role_verified",
      "gift_card_sent",
    ]);
    expect(tremendous.orders).toHaveLength(1);
  });

  it("staff verified the role before the code came: staff's step stands, the nudge changes nothing, no card", async () => {
    const leadId = await qualifiedAndChecked(app);
    expect((await latestVerification(store.db, leadId))?.reasons).toEqual(["work e-mail address not confirmed"]);
    const staffStep = await recordTransition(store.db, {
      leadId,
      actor: "staff:sam@provider.example",
      step: { to: "role_verified", method: "phone_call_to_facility", note: "Called the front desk" },
    });
    expect(staffStep.ok).toBe(true);
    confirmed.set(leadId, new Date());
    expect(await app.verification!.nudge(leadId)).toMatchObject({ skipped: "past_verification" });
    expect(await app.verification!.sweep()).toEqual([]);
    expect(tremendous.createCalls()).toBe(0);
    const steps = await transitionsOf(store.db, leadId);
    expect(steps.map((t) => [t.toStatus, t.actor])).toEqual([
      ["qualified", "system:chat"],
      ["role_verified", "staff:sam@provider.example"],
    ]);
  });

  it("qualified by a voice call: verified and paid after the report's answer, like the chat", async () => {
    const posted = await app.inject({ method: "POST", url: "/api/leads", payload: homepageLead(SUNRISE_LEAD) });
    const lead = posted.json<{ id: string; qualificationToken: string }>();
    confirmed.set(lead.id, new Date());
    const report = await app.inject({
      method: "POST",
      url: "/api/voice/events",
      headers: { "x-vapi-secret": VOICE_SECRET },
      payload: endOfCallReport("call-1", {}, { qualificationToken: lead.qualificationToken, leadId: lead.id }),
    });
    expect(report.statusCode).toBe(200);
    const steps = await eventually(
      async () => (await transitionsOf(store.db, lead.id)).map((t) => t.toStatus),
      (s) => s.includes("gift_card_sent"),
    );
    expect(steps).toEqual(["qualified", "role_verified", "gift_card_sent"]);
    expect((await latestVerification(store.db, lead.id))?.evidence).toMatchObject({ qualifiedVia: "voice" });
    expect(tremendous.orders).toHaveLength(1);
  });

  it("a lead marked spam is not verified", async () => {
    const leadId = await qualifiedAndChecked(app);
    const before = await latestVerification(store.db, leadId);
    await store.db.update(facilityLeads).set({ isSpam: true }).where(eq(facilityLeads.id, leadId));
    confirmed.set(leadId, new Date());
    expect(await app.verification!.nudge(leadId)).toMatchObject({ skipped: "not_found" });
    expect((await latestVerification(store.db, leadId))?.id).toBe(before?.id);
    expect(tremendous.createCalls()).toBe(0);
  });
});
