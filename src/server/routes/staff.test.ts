import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { staffSessions } from "../store/schema";
import { ACCOUNT_FAILURES_ALLOWED } from "../store/staff-repository";
import { STAFF_MESSAGES } from "../staff/staff-messages";
import { STAFF_PASSWORD, addAccount, signIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS, createTestApp, createTestStore, type TestStore } from "../test-support/test-helpers";
import { homepageLead, qualifyLead } from "../test-support/test-fixtures";

/** Every console API route, with a body where it takes one. */
const LEAD_ID = "00000000-0000-4000-8000-000000000001";
const CONSOLE_ROUTES: { method: "GET" | "POST"; url: string; admin?: boolean }[] = [
  { method: "POST", url: "/api/staff/sign-out" },
  { method: "GET", url: "/api/staff/leads" },
  { method: "GET", url: "/api/staff/leads/counts" },
  { method: "GET", url: `/api/staff/leads/${LEAD_ID}` },
  { method: "POST", url: `/api/staff/leads/${LEAD_ID}/steps` },
  { method: "POST", url: `/api/staff/leads/${LEAD_ID}/deliveries/${LEAD_ID}/retry` },
  { method: "GET", url: "/api/staff/leads.csv" },
  { method: "GET", url: "/api/staff/nurse-applications" },
  { method: "GET", url: `/api/staff/nurse-applications/${LEAD_ID}` },
  { method: "GET", url: "/api/staff/accounts", admin: true },
  { method: "POST", url: "/api/staff/accounts", admin: true },
  { method: "POST", url: `/api/staff/accounts/${LEAD_ID}/disable`, admin: true },
];

describe.each(STORE_KINDS)("staff console API on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  beforeAll(async () => {
    store = await createTestStore(kind);
  });
  afterAll(() => store.destroy());
  afterEach(async () => {
    await app?.close();
    await store.reset();
  });

  const postLead = async (lead = homepageLead()) => {
    const response = await app.inject({ method: "POST", url: "/api/leads", payload: lead });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  };

  it("refuses every console route without a session (401), with no-store", async () => {
    app = await createTestApp(store);
    const probe = await app.inject({ url: "/api/staff/session" });
    expect(probe.json()).toEqual({ account: null });
    expect(probe.headers["cache-control"]).toBe("no-store");
    for (const route of CONSOLE_ROUTES) {
      const response = await app.inject({ method: route.method, url: route.url, payload: route.method === "POST" ? {} : undefined });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json()).toEqual({ error: STAFF_MESSAGES.signInRequired });
      expect(response.headers["cache-control"], route.url).toBe("no-store");
    }
  });

  it("refuses account management to staff (403) and allows it to an admin", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "worker@provider.example", "staff");
    await addAccount(store.db, "boss@provider.example", "admin");
    const staff = await signIn(app, "worker@provider.example");
    for (const route of CONSOLE_ROUTES.filter((r) => r.admin)) {
      const response = await app.inject({ method: route.method, url: route.url, headers: staff.headers, payload: route.method === "POST" ? {} : undefined });
      expect(response.statusCode, route.url).toBe(403);
      expect(response.json()).toEqual({ error: STAFF_MESSAGES.adminOnly });
    }
    const admin = await signIn(app, "boss@provider.example");
    const list = await app.inject({ url: "/api/staff/accounts", headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().accounts.map((a: { email: string }) => a.email)).toEqual(["boss@provider.example", "worker@provider.example"]);
    expect(list.body).not.toContain("argon2");
    const weak = await app.inject({ method: "POST", url: "/api/staff/accounts", headers: admin.headers, payload: { email: "new@provider.example", password: "password1234", role: "staff" } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toBe("This password is on a list of common passwords. Choose another one.");
    const added = await app.inject({ method: "POST", url: "/api/staff/accounts", headers: admin.headers, payload: { email: "New@Provider.example", password: STAFF_PASSWORD, role: "staff" } });
    expect(added.statusCode).toBe(201);
    const disabled = await app.inject({ method: "POST", url: `/api/staff/accounts/${added.json().account.id}/disable`, headers: admin.headers });
    expect(disabled.statusCode).toBe(200);
    const refused = await app.inject({ method: "POST", url: "/api/staff/sign-in", payload: { email: "new@provider.example", password: STAFF_PASSWORD } });
    expect(refused.statusCode).toBe(401);
  });

  it("refuses a change without the CSRF token, or with another session's", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "worker@provider.example");
    await addAccount(store.db, "other@provider.example");
    const leadId = await postLead();
    const me = await signIn(app, "worker@provider.example");
    const other = await signIn(app, "other@provider.example");
    const step = { to: "rejected", reason: "duplicate" };
    for (const headers of [{ cookie: me.cookie }, { cookie: me.cookie, "x-csrf-token": other.csrfToken }, { cookie: me.cookie, "x-csrf-token": "" }]) {
      const response = await app.inject({ method: "POST", url: `/api/staff/leads/${leadId}/steps`, headers, payload: step });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: STAFF_MESSAGES.csrfMissing });
    }
    const crossSite = await app.inject({ method: "POST", url: `/api/staff/leads/${leadId}/steps`, headers: { ...me.headers, origin: "https://evil.example" }, payload: step });
    expect(crossSite.statusCode).toBe(403);
    const lead = await app.inject({ url: `/api/staff/leads/${leadId}`, headers: me.headers });
    expect(lead.json().lead.pipelineStatus).toBe("new");
    expect(lead.json().timeline).toEqual([]);
  });

  it("gives a new session id at sign-in, HttpOnly and SameSite=Lax, and ends it at sign-out", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "worker@provider.example");
    const first = await signIn(app, "worker@provider.example");
    const second = await signIn(app, "worker@provider.example", STAFF_PASSWORD, first.cookie);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect((await app.inject({ url: "/api/staff/session", headers: { cookie: first.cookie } })).json()).toEqual({ account: null });
    expect((await app.inject({ url: "/api/staff/leads", headers: first.headers })).statusCode).toBe(401);
    const response = await app.inject({ method: "POST", url: "/api/staff/sign-in", payload: { email: "worker@provider.example", password: STAFF_PASSWORD } });
    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/); // plain http here; Secure over https
    const secure = await app.inject({ method: "POST", url: "/api/staff/sign-in", headers: { "x-forwarded-proto": "https" }, payload: { email: "worker@provider.example", password: STAFF_PASSWORD } });
    expect(String(secure.headers["set-cookie"])).not.toMatch(/Secure/); // TRUST_PROXY is off: the header is not believed
    const session = await app.inject({ url: "/api/staff/session", headers: second.headers });
    expect(session.json()).toEqual({ account: { email: "worker@provider.example", role: "staff" }, csrfToken: second.csrfToken });
    // Only the id's hash is stored.
    const hashes = await store.db.select({ idHash: staffSessions.idHash }).from(staffSessions);
    expect(hashes.map((r) => r.idHash)).not.toContain(second.sessionId);
    const out = await app.inject({ method: "POST", url: "/api/staff/sign-out", headers: second.headers });
    expect(out.statusCode).toBe(200);
    expect((await app.inject({ url: "/api/staff/session", headers: second.headers })).json()).toEqual({ account: null });
    expect((await app.inject({ url: "/api/staff/leads", headers: second.headers })).statusCode).toBe(401);
  });

  it("sets Secure on the cookie behind an HTTPS proxy when TRUST_PROXY is on", async () => {
    app = await createTestApp(store, { TRUST_PROXY: true });
    await addAccount(store.db, "worker@provider.example");
    const response = await app.inject({ method: "POST", url: "/api/staff/sign-in", headers: { "x-forwarded-proto": "https" }, payload: { email: "worker@provider.example", password: STAFF_PASSWORD } });
    expect(String(response.headers["set-cookie"])).toMatch(/Secure/);
  });

  it("answers one generic message and throttles repeated failed sign-ins per account", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "worker@provider.example");
    const unknown = await app.inject({ method: "POST", url: "/api/staff/sign-in", payload: { email: "nobody@provider.example", password: STAFF_PASSWORD } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: STAFF_MESSAGES.signInFailed });
    for (let i = 0; i < ACCOUNT_FAILURES_ALLOWED; i++) {
      const wrong = await app.inject({ method: "POST", url: "/api/staff/sign-in", payload: { email: "worker@provider.example", password: "not the password at all" } });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
    }
    // Now even the right password waits.
    const locked = await app.inject({ method: "POST", url: "/api/staff/sign-in", payload: { email: "worker@provider.example", password: STAFF_PASSWORD } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: STAFF_MESSAGES.signInThrottled });
  });

  it("throttles sign-in attempts per client address", async () => {
    app = await createTestApp(store);
    const { SIGN_IN_PER_IP } = await import("./staff-auth");
    let last = 0;
    for (let i = 0; i <= SIGN_IN_PER_IP; i++) {
      const response = await app.inject({ method: "POST", url: "/api/staff/sign-in", remoteAddress: "203.0.113.9", payload: { email: `x${i}@provider.example`, password: "whatever it may be" } });
      last = response.statusCode;
    }
    expect(last).toBe(429);
    const elsewhere = await app.inject({ method: "POST", url: "/api/staff/sign-in", remoteAddress: "203.0.113.10", payload: { email: "x@provider.example", password: "whatever it may be" } });
    expect(elsewhere.statusCode).toBe(401);
  }, 30_000);

  it("walks a lead through the pipeline, records each step, and refuses a card before verification", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "worker@provider.example");
    const me = await signIn(app, "worker@provider.example");
    const leadId = await postLead();
    const step = (payload: object) => app.inject({ method: "POST", url: `/api/staff/leads/${leadId}/steps`, headers: me.headers, payload });
    const early = await step({ to: "gift_card_sent", reference: "VISA-1" });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe("The gift card can only be sent after the role is verified.");
    const noNote = await step({ to: "role_verified", method: "work_email", note: " " });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error).toBe("Say how the role was verified in the note.");
    for (const payload of [
      { to: "qualified", note: "Called, needs 3 CNAs" },
      { to: "role_verified", method: "phone_call_to_facility", note: "Front desk confirmed she is the DON" },
      { to: "gift_card_sent", reference: "VISA-0001" },
      { to: "first_shift_filled" },
      { to: "bonus_sent", reference: "VISA-0002" },
    ]) {
      expect((await step(payload)).statusCode, payload.to).toBe(201);
    }
    const detail = (await app.inject({ url: `/api/staff/leads/${leadId}`, headers: me.headers })).json();
    expect(detail.lead.pipelineStatus).toBe("bonus_sent");
    expect(detail.timeline.map((t: { toStatus: string }) => t.toStatus)).toEqual(["qualified", "role_verified", "gift_card_sent", "first_shift_filled", "bonus_sent"]);
    expect(detail.timeline[2]).toMatchObject({ actor: "staff:worker@provider.example", details: { reference: "VISA-0001", amountUsd: 50 } });
    expect(detail.timeline[4].details).toEqual({ reference: "VISA-0002", amountUsd: 250 });
    expect((await step({ to: "rejected", reason: "duplicate" })).statusCode).toBe(409);
    // The history cannot be changed afterwards, not even by SQL.
    await expect(store.db.execute(sql`update lead_transitions set note = 'changed'`)).rejects.toThrow();
    await expect(store.db.execute(sql`delete from lead_transitions`)).rejects.toThrow();
  });

  it("lists newest first, filters, searches and pages with a cursor; counts each status", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "worker@provider.example");
    const me = await signIn(app, "worker@provider.example");
    const a = await postLead(homepageLead({ email: "alpha@clinic.example", phone: "5550100001", facilityName: "Alpha Clinic", firstName: "Ann", lastName: "Lee" }));
    const b = await postLead(qualifyLead({ email: "beta@clinic.example", phone: "5550100002", facilityName: "Beta Home" }));
    const c = await postLead(homepageLead({ email: "gamma@clinic.example", phone: "5550100003", facilityName: "Gamma Care" }));
    const list = async (query: string) => {
      const response = await app.inject({ url: `/api/staff/leads?${query}`, headers: me.headers });
      expect(response.statusCode, query).toBe(200);
      return response.json() as { leads: { id: string }[]; nextCursor: string | null };
    };
    expect((await list("")).leads.map((l) => l.id)).toEqual([c, b, a]);
    expect((await list("form=qualify_page")).leads.map((l) => l.id)).toEqual([b]);
    expect((await list("q=ALPHA@clinic")).leads.map((l) => l.id)).toEqual([a]);
    expect((await list("q=(555) 010-0002")).leads.map((l) => l.id)).toEqual([b]);
    expect((await list("q=gamma")).leads.map((l) => l.id)).toEqual([c]);
    expect((await list("q=ann lee")).leads.map((l) => l.id)).toEqual([a]);
    expect((await list("q=%25")).leads).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`from=${today}&to=${today}`)).leads).toHaveLength(3);
    expect((await list("from=2000-01-01&to=2000-01-02")).leads).toHaveLength(0);
    await app.inject({ method: "POST", url: `/api/staff/leads/${b}/steps`, headers: me.headers, payload: { to: "qualified" } });
    expect((await list("status=qualified")).leads.map((l) => l.id)).toEqual([b]);
    const counts = (await app.inject({ url: "/api/staff/leads/counts", headers: me.headers })).json().counts;
    expect(counts).toMatchObject({ new: 2, qualified: 1, role_verified: 0 });
    const bad = await app.inject({ url: "/api/staff/leads?status=maybe&from=yesterday", headers: me.headers });
    expect(bad.statusCode).toBe(400);
    expect((await app.inject({ url: "/api/staff/leads?cursor=nonsense", headers: me.headers })).statusCode).toBe(400);
  });

  it("exports the filtered list as CSV, streamed, formula-safe, with the pipeline status", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "worker@provider.example");
    const me = await signIn(app, "worker@provider.example");
    await postLead(homepageLead({ email: "one@clinic.example", phone: "5550200001", facilityName: "=HYPERLINK(\"x\")" }));
    const other = await postLead(qualifyLead({ email: "two@clinic.example", phone: "5550200002" }));
    await app.inject({ method: "POST", url: `/api/staff/leads/${other}/steps`, headers: me.headers, payload: { to: "qualified" } });
    const all = await app.inject({ url: "/api/staff/leads.csv", headers: me.headers });
    expect(all.statusCode).toBe(200);
    expect(all.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(all.headers["cache-control"]).toBe("no-store");
    const lines = all.body.trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]!.endsWith(",pipelineStatus")).toBe(true);
    expect(all.body).toContain(`"'=HYPERLINK(""x"")"`);
    const filtered = await app.inject({ url: "/api/staff/leads.csv?status=qualified", headers: me.headers });
    const rows = filtered.body.trim().split("\r\n");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain("two@clinic.example");
    expect(rows[1]!.endsWith(",qualified")).toBe(true);
    const control = await app.inject({ url: "/api/staff/leads?q=a%00b", headers: me.headers });
    expect(control.statusCode).toBe(400);
  });

  it("pages through the list with the cursor", async () => {
    app = await createTestApp(store);
    const { listLeads } = await import("../store/console-queries");
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.unshift(await postLead(homepageLead({ email: `p${i}@clinic.example`, phone: `555010100${i}` })));
    const first = await listLeads(store.db, {}, new Date(), 2);
    const second = await listLeads(store.db, { cursor: first.nextCursor! }, new Date(), 2);
    const third = await listLeads(store.db, { cursor: second.nextCursor! }, new Date(), 2);
    expect([...first.leads, ...second.leads, ...third.leads].map((l) => l.id)).toEqual(ids);
    expect(third.nextCursor).toBeNull();
  });

  it("flags likely duplicates and free-mail before verification", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "worker@provider.example");
    const me = await signIn(app, "worker@provider.example");
    const first = await postLead(homepageLead({ email: "dana@gmail.com" }));
    const second = await postLead(qualifyLead({ email: "other@lakeside.example", facilityName: "sunrise care center ", location: "Georgia", phone: "5559990000" }));
    const flags = (id: string) => app.inject({ url: `/api/staff/leads/${id}`, headers: me.headers }).then((r) => r.json().flags as { flag: string; leadId?: string }[]);
    expect(await flags(first)).toEqual([{ flag: "same_facility_and_state", leadId: second }, { flag: "free_mail" }]);
    expect(await flags(second)).toEqual([{ flag: "same_facility_and_state", leadId: first }]);
  });

  it("answers lead data as JSON text (the console renders it as text), never as markup", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "worker@provider.example");
    const me = await signIn(app, "worker@provider.example");
    const id = await postLead(homepageLead({ facilityName: "<script>alert(1)</script> Care" }));
    const response = await app.inject({ url: `/api/staff/leads/${id}`, headers: me.headers });
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json().lead.facilityName).toBe("<script>alert(1)</script> Care");
  });

  it("never logs the password or the e-mail of a sign-in", async () => {
    const lines: string[] = [];
    app = await createTestApp(store, { LOG_LEVEL: "info" }, { logger: { level: "info", stream: { write: (line: string) => lines.push(line) } } });
    await addAccount(store.db, "worker@provider.example");
    await app.inject({ method: "POST", url: "/api/staff/sign-in", payload: { email: "worker@provider.example", password: "the wrong secret words" } });
    await signIn(app, "worker@provider.example");
    const log = lines.join("\n");
    expect(log).toContain("staff sign-in failed");
    expect(log).not.toContain("the wrong secret words");
    expect(log).not.toContain(STAFF_PASSWORD);
    expect(log).not.toContain("worker@provider.example");
  });
});
