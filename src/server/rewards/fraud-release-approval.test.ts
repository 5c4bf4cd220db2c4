import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addAccount, enrol, signIn, type SignedIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS, createTestApp, useTestStore, type TestStore } from "../test-support/test-helpers";
import { homepageLead } from "../test-support/test-fixtures";
import {
  startTremendousStandIn,
  type StandInOptions,
  type TremendousStandIn,
} from "../test-support/tremendous-stand-in";

const WEBHOOK_KEY = "test-webhook-key-0123456789abcdef";

/** Decision 0040: the provider's fraud review is not overridden by any account; a release takes two admins with a second factor. */
describe.each(STORE_KINDS)(
  "releasing or blocking a flagged card: admins with a second factor, four eyes (%s)",
  (kind) => {
    let store: TestStore;
    let app: FastifyInstance;
    let standIn: TremendousStandIn;
    const standInOptions: StandInOptions = { apiKey: "test-key", webhookKey: WEBHOOK_KEY };
    useTestStore(kind, (made) => (store = made));
    beforeEach(async () => {
      standIn = await startTremendousStandIn(standInOptions);
    });
    afterEach(async () => {
      await app?.close();
      await standIn.close();
    });

    const account = async (email: string, role: "staff" | "admin", secondFactor: boolean): Promise<SignedIn> => {
      await addAccount(store.db, email, role);
      const session = await signIn(app, email);
      return secondFactor ? enrol(app, email, session) : session;
    };

    /** A lead whose $50 card was ordered, then flagged "recipient e-mail on fraud list" by the provider. */
    const flaggedCard = async () => {
      app = await createTestApp(
        store,
        {
          REWARDS_PROVIDER: "tremendous",
          TREMENDOUS_API_KEY: "test-key",
          TREMENDOUS_API_URL: standIn.url,
          TREMENDOUS_CAMPAIGN_ID: "CAMPAIGN1",
          TREMENDOUS_WEBHOOK_KEY: WEBHOOK_KEY,
          TREMENDOUS_TIMEOUT_MS: 1000,
          REWARDS_FOUR_EYES: false,
        },
        { outbox: false },
      );
      await app.listen({ port: 0, host: "127.0.0.1" });
      const port = (app.server.address() as { port: number }).port;
      standInOptions.webhookUrl = `http://127.0.0.1:${port}/api/rewards/tremendous/webhook`;
      const worker = await account("worker@provider.example", "staff", false);
      const leadId = (await app.inject({ method: "POST", url: "/api/leads", payload: homepageLead() })).json<{
        id: string;
      }>().id;
      const step = (payload: object) =>
        app.inject({ method: "POST", url: `/api/staff/leads/${leadId}/steps`, headers: worker.headers, payload });
      expect((await step({ to: "role_verified", method: "work_email", note: "Work e-mail answered" })).statusCode).toBe(
        201,
      );
      expect((await step({ to: "gift_card_sent" })).statusCode).toBe(201);
      await standIn.flag(standIn.orders[0]!.rewards[0]!.id, ["recipient e-mail on fraud list"]);
      const rewards = (await app.inject({ url: `/api/staff/leads/${leadId}/rewards`, headers: worker.headers })).json<{
        rewards: { id: string }[];
      }>().rewards;
      return { worker, leadId, rewardId: rewards[0]!.id };
    };
    const review = (who: SignedIn, leadId: string, rewardId: string, decision: "release" | "block") =>
      app.inject({
        method: "POST",
        url: `/api/staff/leads/${leadId}/rewards/${rewardId}/fraud-review`,
        headers: who.headers,
        payload: { decision },
      });

    it("a staff account, with or without a second factor: 403 in words, nothing told to the provider", async () => {
      const { worker, leadId, rewardId } = await flaggedCard();
      const staffWithFactor = await account("careful@provider.example", "staff", true);
      for (const who of [worker, staffWithFactor])
        for (const decision of ["release", "block"] as const) {
          const refused = await review(who, leadId, rewardId, decision);
          expect(refused.statusCode).toBe(403);
          expect(refused.json<{ error: string }>().error).toContain("an admin with a second factor");
        }
      expect(standIn.fraudReviews.decisions()).toBe(0);
    });

    it("an admin's release answers 202 and waits; the same admin cannot approve it, a second admin with a second factor does", async () => {
      const { leadId, rewardId } = await flaggedCard();
      const first = await account("first@provider.example", "admin", true);
      const held = await review(first, leadId, rewardId, "release");
      expect(held.statusCode).toBe(202);
      const approval = held.json<{ approval: { id: string; action: string; reason: string } }>().approval;
      expect(approval).toMatchObject({ action: "fraud_release", reason: "provider_flagged" });
      expect(standIn.fraudReviews.decisions()).toBe(0);

      const approve = (who: SignedIn) =>
        app.inject({
          method: "POST",
          url: `/api/staff/approvals/${approval.id}/approve`,
          headers: who.headers,
          payload: {},
        });
      expect((await approve(first)).statusCode).toBe(403);
      const staffMember = await account("helper@provider.example", "staff", true);
      expect((await approve(staffMember)).statusCode).toBe(403);
      expect(standIn.fraudReviews.decisions()).toBe(0);

      const second = await account("second@provider.example", "admin", true);
      const approved = await approve(second);
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({ reward: { id: rewardId } });
      expect(standIn.fraudReviews.decisions()).toBe(1);
      expect([...standIn.fraudReviews.reviews.values()][0]!.status).toBe("released");
    });

    it("an admin with a second factor blocks at once", async () => {
      const { leadId, rewardId } = await flaggedCard();
      const admin = await account("blocker@provider.example", "admin", true);
      expect((await review(admin, leadId, rewardId, "block")).statusCode).toBe(200);
      expect([...standIn.fraudReviews.reviews.values()][0]!.status).toBe("blocked");
    });
  },
);
