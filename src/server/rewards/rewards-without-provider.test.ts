import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { addAccount, signIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS, createTestApp, useTestStore, type TestStore } from "../test-support/test-helpers";
import { homepageLead } from "../test-support/test-fixtures";

/** Without REWARDS_PROVIDER (decision 0017): staff type the card's reference, and the provider's webhook route does not exist. */
describe.each(STORE_KINDS)("rewards without a provider on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance | undefined;
  useTestStore(kind, (made) => (store = made));
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it("keeps the typed reference", async () => {
    app = await createTestApp(store, {}, { outbox: false });
    await addAccount(store.db, "worker@provider.example");
    const staff = await signIn(app, "worker@provider.example");
    const step = (leadId: string, body: object) =>
      app!.inject({ method: "POST", url: `/api/staff/leads/${leadId}/steps`, headers: staff.headers, payload: body });
    const posted = await app.inject({ method: "POST", url: "/api/leads", payload: homepageLead() });
    const id = posted.json<{ id: string }>().id;
    expect(
      (await step(id, { to: "role_verified", method: "work_email", note: "Work e-mail answered" })).statusCode,
    ).toBe(201);
    expect((await step(id, { to: "gift_card_sent" })).statusCode).toBe(400);
    expect((await step(id, { to: "gift_card_sent", reference: "VISA-1" })).statusCode).toBe(201);
    expect((await app.inject({ method: "POST", url: "/api/rewards/tremendous/webhook", payload: {} })).statusCode).toBe(
      404,
    );
  });
});
