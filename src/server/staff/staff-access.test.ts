import { afterEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { staffSessions } from "../store/schema";
import { STAFF_MESSAGES } from "../staff-messages";
import { STAFF_PASSWORD, addAccount, signIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS, createTestApp, useTestStore, type TestStore } from "../test-support/test-helpers";
import { homepageLead } from "../test-support/test-fixtures";

/** The header the console sends with every request (GET /api/staff/session requires it). */
const CONSOLE = { "x-staff-console": "1" };
const LEAD_ID = "00000000-0000-4000-8000-000000000001";
/** Every console API route; `admin`: for admins only. */
const CONSOLE_ROUTES: { method: "GET" | "POST"; url: string; admin?: boolean }[] = [
  { method: "POST", url: "/api/staff/sign-out" },
  { method: "GET", url: "/api/staff/leads" },
  { method: "GET", url: "/api/staff/leads/counts" },
  { method: "GET", url: `/api/staff/leads/${LEAD_ID}` },
  { method: "POST", url: `/api/staff/leads/${LEAD_ID}/steps` },
  { method: "POST", url: `/api/staff/leads/${LEAD_ID}/deliveries/${LEAD_ID}/retry` },
  { method: "GET", url: "/api/staff/nurse-applications" },
  { method: "GET", url: `/api/staff/nurse-applications/${LEAD_ID}` },
  { method: "GET", url: "/api/staff/accounts", admin: true },
  { method: "POST", url: "/api/staff/accounts", admin: true },
  { method: "POST", url: `/api/staff/accounts/${LEAD_ID}/disable`, admin: true },
  { method: "POST", url: `/api/staff/accounts/${LEAD_ID}/password`, admin: true },
  { method: "GET", url: "/api/staff/leads.csv", admin: true },
  { method: "GET", url: "/api/staff/throttles", admin: true },
  { method: "POST", url: "/api/staff/throttles/lift", admin: true },
  { method: "GET", url: "/api/staff/security-events", admin: true },
  // Every member of staff reads the approvals (the one who asked sees theirs wait); only admins decide.
  { method: "GET", url: "/api/staff/approvals" },
  { method: "POST", url: `/api/staff/approvals/${LEAD_ID}/approve`, admin: true },
  { method: "POST", url: `/api/staff/approvals/${LEAD_ID}/decline`, admin: true },
  { method: "POST", url: "/api/staff/password" },
  { method: "POST", url: "/api/staff/second-factor/setup" },
  { method: "POST", url: "/api/staff/second-factor/confirm" },
  { method: "POST", url: "/api/staff/second-factor/verify" },
];

describe.each(STORE_KINDS)("staff console access on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestStore(kind, (made) => (store = made));
  afterEach(async () => {
    await app?.close();
  });

  const postLead = async (lead = homepageLead()) => {
    const response = await app.inject({ method: "POST", url: "/api/leads", payload: lead });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  };

  it("refuses every console route without a session (401), with no-store", async () => {
    app = await createTestApp(store);
    const probe = await app.inject({ url: "/api/staff/session", headers: CONSOLE });
    expect(probe.json()).toEqual({ account: null });
    expect(probe.headers["cache-control"]).toBe("no-store");
    for (const route of CONSOLE_ROUTES) {
      const response = await app.inject({
        method: route.method,
        url: route.url,
        payload: route.method === "POST" ? {} : undefined,
      });
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
      const response = await app.inject({
        method: route.method,
        url: route.url,
        headers: staff.headers,
        payload: route.method === "POST" ? {} : undefined,
      });
      expect(response.statusCode, route.url).toBe(403);
      expect(response.json()).toEqual({ error: STAFF_MESSAGES.adminOnly });
    }
    const admin = await signIn(app, "boss@provider.example");
    const list = await app.inject({ url: "/api/staff/accounts", headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().accounts.map((a: { email: string }) => a.email)).toEqual([
      "boss@provider.example",
      "worker@provider.example",
    ]);
    expect(list.body).not.toContain("argon2");
    const weak = await app.inject({
      method: "POST",
      url: "/api/staff/accounts",
      headers: admin.headers,
      payload: { email: "new@provider.example", password: "password1234", role: "staff" },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toBe("This password is on a list of common passwords. Choose another one.");
    const added = await app.inject({
      method: "POST",
      url: "/api/staff/accounts",
      headers: admin.headers,
      payload: { email: "New@Provider.example", password: STAFF_PASSWORD, role: "staff" },
    });
    expect(added.statusCode).toBe(201);
    const disabled = await app.inject({
      method: "POST",
      url: `/api/staff/accounts/${added.json().account.id}/disable`,
      headers: admin.headers,
    });
    expect(disabled.statusCode).toBe(200);
    const refused = await app.inject({
      method: "POST",
      url: "/api/staff/sign-in",
      payload: { email: "new@provider.example", password: STAFF_PASSWORD },
    });
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
    for (const headers of [
      { cookie: me.cookie },
      { cookie: me.cookie, "x-csrf-token": other.csrfToken },
      { cookie: me.cookie, "x-csrf-token": "" },
    ]) {
      const response = await app.inject({
        method: "POST",
        url: `/api/staff/leads/${leadId}/steps`,
        headers,
        payload: step,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: STAFF_MESSAGES.csrfMissing });
    }
    const crossSite = await app.inject({
      method: "POST",
      url: `/api/staff/leads/${leadId}/steps`,
      headers: { ...me.headers, origin: "https://evil.example" },
      payload: step,
    });
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
    expect(
      (await app.inject({ url: "/api/staff/session", headers: { ...CONSOLE, cookie: first.cookie } })).json(),
    ).toEqual({ account: null });
    expect((await app.inject({ url: "/api/staff/leads", headers: first.headers })).statusCode).toBe(401);
    const response = await app.inject({
      method: "POST",
      url: "/api/staff/sign-in",
      payload: { email: "worker@provider.example", password: STAFF_PASSWORD },
    });
    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/); // plain http here; Secure over https
    const secure = await app.inject({
      method: "POST",
      url: "/api/staff/sign-in",
      headers: { "x-forwarded-proto": "https" },
      payload: { email: "worker@provider.example", password: STAFF_PASSWORD },
    });
    expect(String(secure.headers["set-cookie"])).not.toMatch(/Secure/); // TRUST_PROXY is off: the header is not believed
    const session = await app.inject({ url: "/api/staff/session", headers: { ...CONSOLE, ...second.headers } });
    expect(session.json()).toEqual({
      account: { email: "worker@provider.example", role: "staff", secondFactor: false },
      csrfToken: second.csrfToken,
      stage: "full",
    });
    // Only the id's hash is stored.
    const hashes = await store.db.select({ idHash: staffSessions.idHash }).from(staffSessions);
    expect(hashes.map((r) => r.idHash)).not.toContain(second.sessionId);
    const out = await app.inject({ method: "POST", url: "/api/staff/sign-out", headers: second.headers });
    expect(out.statusCode).toBe(200);
    expect(
      (await app.inject({ url: "/api/staff/session", headers: { ...CONSOLE, ...second.headers } })).json(),
    ).toEqual({ account: null });
    expect((await app.inject({ url: "/api/staff/leads", headers: second.headers })).statusCode).toBe(401);
  });

  it("sets Secure on the cookie behind an HTTPS proxy when TRUST_PROXY is on", async () => {
    app = await createTestApp(store, { TRUST_PROXY: { hops: 1 } });
    await addAccount(store.db, "worker@provider.example");
    const response = await app.inject({
      method: "POST",
      url: "/api/staff/sign-in",
      headers: { "x-forwarded-proto": "https" },
      payload: { email: "worker@provider.example", password: STAFF_PASSWORD },
    });
    expect(String(response.headers["set-cookie"])).toMatch(/Secure/);
  });

  it("never logs the password or the e-mail of a sign-in", async () => {
    const lines: string[] = [];
    app = await createTestApp(
      store,
      { LOG_LEVEL: "info" },
      { logger: { level: "info", stream: { write: (line: string) => lines.push(line) } } },
    );
    await addAccount(store.db, "worker@provider.example");
    await app.inject({
      method: "POST",
      url: "/api/staff/sign-in",
      payload: { email: "worker@provider.example", password: "the wrong secret words" },
    });
    await signIn(app, "worker@provider.example");
    const log = lines.join("\n");
    expect(log).toContain("staff sign-in failed");
    expect(log).not.toContain("the wrong secret words");
    expect(log).not.toContain(STAFF_PASSWORD);
    expect(log).not.toContain("worker@provider.example");
  });
});
