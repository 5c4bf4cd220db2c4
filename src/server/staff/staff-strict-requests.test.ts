import { afterEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { addAccount, signIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS, createTestApp, useTestStore, type TestStore } from "../test-support/test-helpers";
import { homepageLead } from "../test-support/test-fixtures";

/**
 * One schema per change, strict (decision 0014): a console request with a key its schema does
 * not name is refused with 400 and changes nothing (zod would otherwise drop the key silently,
 * and a field the console meant to send would be lost without a word).
 */
describe.each(STORE_KINDS)("the console's requests are strict on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestStore(kind, (made) => (store = made));
  afterEach(async () => {
    await app?.close();
  });

  it("refuses a step with an unknown key (400) and records nothing", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "worker@provider.example");
    const me = await signIn(app, "worker@provider.example");
    const lead = await app.inject({ method: "POST", url: "/api/leads", payload: homepageLead() });
    const leadId = lead.json<{ id: string }>().id;
    const step = (payload: object) =>
      app.inject({ method: "POST", url: `/api/staff/leads/${leadId}/steps`, headers: me.headers, payload });

    const refused = await step({ to: "qualified", note: "Called", preferredLanguage: "es" });
    expect(refused.statusCode).toBe(400);
    const detail = (await app.inject({ url: `/api/staff/leads/${leadId}`, headers: me.headers })).json();
    expect(detail.lead.pipelineStatus).toBe("new");
    expect(detail.timeline).toEqual([]);

    expect((await step({ to: "qualified", note: "Called" })).statusCode).toBe(201); // the same without it is taken
  });

  it("refuses a new account with an unknown key (400) and adds none", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "boss@provider.example", "admin");
    const admin = await signIn(app, "boss@provider.example");
    const add = (payload: object) =>
      app.inject({ method: "POST", url: "/api/staff/accounts", headers: admin.headers, payload });
    const account = { email: "new@provider.example", password: "another long enough passphrase", role: "staff" };

    const refused = await add({ ...account, secondFactor: false });
    expect(refused.statusCode).toBe(400);
    const listed = (await app.inject({ url: "/api/staff/accounts", headers: admin.headers })).json<{
      accounts: { email: string }[];
    }>();
    expect(listed.accounts.map((a) => a.email)).not.toContain(account.email);

    expect((await add(account)).statusCode).toBe(201);
  });

  it("refuses a lift of throttles and a password change with an unknown key (400)", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "boss@provider.example", "admin");
    const admin = await signIn(app, "boss@provider.example");
    const lift = await app.inject({
      method: "POST",
      url: "/api/staff/throttles/lift",
      headers: admin.headers,
      payload: { keys: ["ip:127.0.0.1"], all: true },
    });
    expect(lift.statusCode).toBe(400);
    const password = await app.inject({
      method: "POST",
      url: "/api/staff/password",
      headers: admin.headers,
      payload: { currentPassword: "x", newPassword: "y", sessions: "keep" },
    });
    expect(password.statusCode).toBe(400);
  });
});
