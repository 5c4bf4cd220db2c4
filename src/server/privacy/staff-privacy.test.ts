import { afterEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { contactOptOuts, facilityLeads, privacyRequests, securityEvents } from "../store/schema";
import { addAccount, signIn, type SignedIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS, createTestApp, useTestStore, type TestStore } from "../test-support/test-helpers";
import { chatLead } from "../test-support/test-fixtures";

const PERSON = { email: "ilsabet.privacy@harrowgate.example", phone: "5554443322" };

/** The console's privacy routes, for admins, on the admin API's services. */
describe.each(STORE_KINDS)("the console's privacy routes on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestStore(kind, (made) => (store = made));
  afterEach(async () => {
    await app?.close();
  });

  async function setUp() {
    app = await createTestApp(store, { MIN_FILL_SECONDS: 0 });
    const created = await app.inject({
      method: "POST",
      url: "/api/leads",
      payload: chatLead({ email: PERSON.email, phone: PERSON.phone }),
    });
    expect(created.statusCode).toBe(201);
    await addAccount(store.db, "admin@provider.example", "admin");
    await addAccount(store.db, "worker@provider.example");
    return {
      leadId: created.json<{ id: string }>().id,
      admin: await signIn(app, "admin@provider.example"),
      worker: await signIn(app, "worker@provider.example"),
    };
  }
  const call = (session: Pick<SignedIn, "headers">, url: string, payload?: object) =>
    app.inject({
      method: payload ? "POST" : "GET",
      url,
      headers: session.headers,
      ...(payload ? { payload } : {}),
    });

  it("a staff account that is not an admin gets 403; a write without the CSRF token gets 403; nothing changes", async () => {
    const { admin, worker } = await setUp();
    const bodies = {
      "/api/staff/privacy/erase": { subject: PERSON.email, reference: "R-1", reason: "asked" },
      "/api/staff/privacy/export": { subject: PERSON.email },
      "/api/staff/privacy/opt-out": { subject: PERSON.email },
    };
    for (const [url, body] of Object.entries(bodies)) {
      expect((await call(worker, url, body)).statusCode).toBe(403);
      const { "x-csrf-token": _, ...withoutCsrf } = admin.headers;
      expect((await call({ headers: withoutCsrf }, url, body)).statusCode).toBe(403);
    }
    expect((await call(worker, "/api/staff/privacy/requests")).statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: "/api/staff/privacy/requests" })).statusCode).toBe(401);
    expect(await store.db.$count(privacyRequests)).toBe(0);
    expect(await store.db.$count(contactOptOuts)).toBe(0);
  });

  it("bad bodies are a 400 with words, and change nothing", async () => {
    const { admin } = await setUp();
    for (const [url, body] of [
      ["/api/staff/privacy/erase", {}],
      ["/api/staff/privacy/erase", { subject: PERSON.email, reference: "", reason: "asked" }],
      ["/api/staff/privacy/erase", { subject: PERSON.email, reference: "R-1", reason: " " }],
      ["/api/staff/privacy/erase", { subject: "nobody at all", reference: "R-1", reason: "asked" }],
      ["/api/staff/privacy/opt-out", { subject: PERSON.email, extra: true }],
      ["/api/staff/privacy/opt-out", { subject: 42 }],
      ["/api/staff/privacy/export", { subject: "x".repeat(300) }],
    ] as const) {
      const response = await call(admin, url, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(/^[A-Z].{10,}/);
    }
    expect(await store.db.$count(privacyRequests)).toBe(0);
  });

  it("an admin opts a person out, exports and erases them; each on the request log and the security log", async () => {
    const { admin, leadId } = await setUp();
    const optOut = await call(admin, "/api/staff/privacy/opt-out", { subject: PERSON.phone, reference: "T-1" });
    expect(optOut.statusCode).toBe(200);
    expect(optOut.json()).toMatchObject({ recorded: 2, leadIds: [leadId] });
    const page = await call(admin, `/api/staff/leads/${leadId}`);
    expect(page.json()).toMatchObject({ doNotContact: { via: "console" } });
    // Twice at once (a double click): nothing new the second time.
    const twice = await Promise.all(
      [1, 2].map(() => call(admin, "/api/staff/privacy/opt-out", { subject: PERSON.phone })),
    );
    expect(twice.map((r) => r.json<{ recorded: number }>().recorded)).toEqual([0, 0]);
    expect(await store.db.$count(contactOptOuts)).toBe(2);

    const exported = await call(admin, "/api/staff/privacy/export", { subject: PERSON.email, reference: "DSAR-1" });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["cache-control"]).toBe("no-store");
    expect(exported.body).toContain(PERSON.email);

    const erased = await call(admin, "/api/staff/privacy/erase", {
      subject: leadId,
      reference: "CCPA-9",
      reason: "asked by phone",
    });
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({ status: "erased", records: 1 });
    const [lead] = await store.db.select().from(facilityLeads);
    expect(lead!.email).not.toContain(PERSON.email);
    const again = await call(admin, "/api/staff/privacy/erase", { subject: leadId, reference: "CCPA-9", reason: "x" });
    expect(again.statusCode).toBe(404);
    expect(again.json<{ error: string }>().error).toMatch(/Nothing kept names this person/);

    const log = (await call(admin, "/api/staff/privacy/requests")).json<{
      requests: { kind: string; actor: string }[];
    }>();
    expect(log.requests.map((r) => r.kind).sort()).toEqual(["erase", "export", "opt_out", "opt_out", "opt_out"]);
    for (const request of log.requests) expect(request.actor).toBe("staff:admin@provider.example");
    const events = await store.db.select().from(securityEvents);
    const kinds = events.filter((e) => e.kind.startsWith("privacy_")).map((e) => e.kind);
    expect(kinds.sort()).toEqual(
      ["privacy_erased", "privacy_exported", "privacy_opted_out", "privacy_opted_out", "privacy_opted_out"].sort(),
    );
    // The security log names the request, never the person.
    for (const event of events) expect(JSON.stringify(event)).not.toContain(PERSON.email);
  });
});
