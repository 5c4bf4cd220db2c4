import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeAll, afterAll, beforeEach, describe, expect, it } from "vitest";
import { SUNRISE } from "../test-support/registry-seeds";
import { STORE_KINDS, useTestStore, type TestStore } from "../test-support/test-helpers";
import { startTremendousStandIn, type TremendousStandIn } from "../test-support/tremendous-stand-in";
import { startRegistryStandIns, type RegistryStandIns } from "../test-support/verification-harness";
import {
  TREMENDOUS_TEST_KEY,
  autoVerifyApp,
  autoVerifyConfig,
  eventually,
  qualifiedAndChecked,
} from "../test-support/auto-verify-harness";
import { transitionsOf } from "../store/lead-pipeline-repository";
import { deliveries } from "../store/schema";
import { linkTokenOfNonce } from "../work-email";
import { latestVerification } from "./verification-repository";

const KEY = Buffer.alloc(32, 9);

/**
 * Verification end to end (decision 0029), with nothing injected: the lead qualifies by chat, the registries are
 * checked (work address not confirmed yet: no card), the lead confirms by the e-mail's link,
 * and the runner, nudged by the confirmation, verifies and orders the $50 card once.
 */
describe.each(STORE_KINDS)("a lead confirmed by the e-mail's link is verified and paid (%s)", (kind) => {
  let store: TestStore;
  let standIns: RegistryStandIns;
  let tremendous: TremendousStandIn;
  let app: FastifyInstance;
  useTestStore(kind, (made) => (store = made));
  beforeAll(async () => {
    standIns = await startRegistryStandIns();
  });
  afterAll(() => standIns.close());
  beforeEach(async () => {
    tremendous = await startTremendousStandIn({ apiKey: TREMENDOUS_TEST_KEY });
    app = await autoVerifyApp(
      store,
      autoVerifyConfig(standIns, tremendous, {
        SMTP_URL: "smtp://127.0.0.1:2",
        SITE_URL: "https://staffing.example",
        WORK_EMAIL_CODE_KEY: KEY,
        VERIFICATION_SWEEP_MS: 60_000, // the nudge, not the sweep, must do it
      }),
      {},
    );
  });
  afterEach(async () => {
    await app.close();
    await tremendous.close();
  });

  /** The link's token, as the worker renders it into the lead's confirmation e-mail. */
  const linkTokenOf = async (leadId: string) => {
    const [mail] = await store.db.select().from(deliveries).where(eq(deliveries.destination, "mail:lead_confirmation"));
    expect(mail!.recordId).toBe(leadId);
    const payload = JSON.parse(mail!.payload) as { data: { workEmailCode: { nonce: string } } };
    return linkTokenOfNonce(KEY, payload.data.workEmailCode.nonce);
  };

  it("not paid before the link is followed; one order within seconds after, the timeline naming the NPI", async () => {
    const leadId = await qualifiedAndChecked(app);
    expect((await latestVerification(store.db, leadId))!.reasons.join(" ")).toMatch(/not confirmed/);
    expect(tremendous.orders).toHaveLength(0);

    const token = await linkTokenOf(leadId);
    const confirmedAt = Date.now();
    const [first, again] = await Promise.all([
      app.inject({ method: "POST", url: "/api/work-email/confirm-link", payload: { token } }),
      app.inject({ method: "POST", url: "/api/work-email/confirm-link", payload: { token } }),
    ]);
    expect([first.statusCode, again.statusCode].sort()).toEqual([200, 409]);

    const steps = await eventually(
      async () => (await transitionsOf(store.db, leadId)).map((t) => t.toStatus),
      (s) => s.includes("gift_card_sent"),
      10_000,
    );
    expect(Date.now() - confirmedAt).toBeLessThan(10_000);
    expect(steps).toEqual(["qualified", "role_verified", "gift_card_sent"]);
    await app.verification!.idle();
    expect(tremendous.orders).toHaveLength(1);
    const verified = (await transitionsOf(store.db, leadId))[1]!;
    expect(verified.actor).toBe("system:verification");
    expect(JSON.stringify(verified.details)).toContain(SUNRISE.npi);
  });
});
