import { afterEach, beforeEach, expect } from "vitest";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { addAccount, signIn, type SignedIn } from "./staff-test-helpers";
import { createTestApp, useTestStore, type StoreKind, type TestStore } from "./test-helpers";
import { homepageLead } from "./test-fixtures";
import { startTremendousStandIn, type StandInOptions, type TremendousStandIn } from "./tremendous-stand-in";

const WEBHOOK_KEY = "test-webhook-key-0123456789abcdef";

interface Transition {
  toStatus: string;
  details: Record<string, string | number>;
}

/**
 * Rewards ordered from the Tremendous stand-in, for a describe block on one store kind: the app
 * listening (the stand-in's webhooks need a port) with three accounts, a worker signed in, and
 * the console calls the rewards tests make. `app`, `store`, `standIn` and `staff` are read after
 * `start()`.
 */
export function useRewardsStandIn(kind: StoreKind) {
  let store: TestStore;
  let app: FastifyInstance | undefined;
  let standIn: TremendousStandIn;
  const standInOptions: StandInOptions = { apiKey: "test-key", webhookKey: WEBHOOK_KEY };
  let staff: SignedIn;

  useTestStore(kind, (made) => (store = made));
  beforeEach(async () => {
    standIn = await startTremendousStandIn(standInOptions);
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await standIn.close();
  });

  const h = {
    get app() {
      return app!;
    },
    get store() {
      return store;
    },
    get standIn() {
      return standIn;
    },
    get staff() {
      return staff;
    },

    /** The app listening, staff signed in; `options` the app's own (a report's cache, say). */
    start: async (overrides: Partial<Config> = {}, options: Parameters<typeof createTestApp>[2] = {}) => {
      app = await createTestApp(
        store,
        {
          REWARDS_PROVIDER: "tremendous",
          TREMENDOUS_API_KEY: "test-key",
          TREMENDOUS_API_URL: standIn.url,
          TREMENDOUS_CAMPAIGN_ID: "CAMPAIGN1",
          TREMENDOUS_WEBHOOK_KEY: WEBHOOK_KEY,
          TREMENDOUS_TIMEOUT_MS: 1000,
          PIPELINE_WEBHOOK_URL: "http://127.0.0.1:9/pipeline",
          // The exactly-once path on its own; four eyes before it are in reward-approvals.test.ts.
          REWARDS_FOUR_EYES: false,
          ...overrides,
        },
        { outbox: false, ...options },
      );
      await app.listen({ port: 0, host: "127.0.0.1" });
      const address = app.server.address() as { port: number };
      standInOptions.webhookUrl = `http://127.0.0.1:${address.port}/api/rewards/tremendous/webhook`;
      await addAccount(store.db, "worker@provider.example");
      await addAccount(store.db, "other@provider.example");
      await addAccount(store.db, "boss@provider.example", "admin");
      staff = await signIn(app, "worker@provider.example");
    },

    step: (leadId: string, body: object, who = staff) =>
      h.app.inject({ method: "POST", url: `/api/staff/leads/${leadId}/steps`, headers: who.headers, payload: body }),

    /** A lead whose role staff verified. */
    verifiedLead: async (email = "dana@sunrise.example") => {
      const posted = await h.app.inject({
        method: "POST",
        url: "/api/leads",
        payload: homepageLead({ email, phone: `555${Math.floor(1e6 + Math.random() * 8e6)}` }),
      });
      expect(posted.statusCode).toBe(201);
      const id = posted.json<{ id: string }>().id;
      expect(
        (await h.step(id, { to: "role_verified", method: "work_email", note: "Work e-mail answered" })).statusCode,
      ).toBe(201);
      return id;
    },

    lead: async (id: string) =>
      (await h.app.inject({ url: `/api/staff/leads/${id}`, headers: staff.headers })).json<{
        lead: { pipelineStatus: string };
        timeline: Transition[];
      }>(),
    rewardsOf: async (id: string) =>
      (await h.app.inject({ url: `/api/staff/leads/${id}/rewards`, headers: staff.headers })).json<{
        enabled: boolean;
        recipientEmail: string;
        rewards: {
          id: string;
          status: string;
          providerOrderId: string;
          providerRewardId: string;
          recipientEmail: string;
          history: { kind: string; status: string }[];
        }[];
      }>(),
    cardSteps: async (id: string) => (await h.lead(id)).timeline.filter((t) => t.toStatus === "gift_card_sent"),
  };
  return h;
}
