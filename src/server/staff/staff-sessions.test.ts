import { afterEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { staffSessions } from "../store/schema";
import { sweepOnce } from "./session-sweep";
import { STAFF_PASSWORD, addAccount, signIn } from "../test-support/staff-test-helpers";
import { DEFAULT_SESSION_LIMITS, findSession } from "../store/staff-repository";
import { STORE_KINDS, createTestApp, useTestStore, type TestStore } from "../test-support/test-helpers";
import { homepageLead } from "../test-support/test-fixtures";

const CONSOLE = { "x-staff-console": "1" };
const NEW_PASSWORD = "another long enough passphrase";
const HOUR = 3_600_000;

describe.each(STORE_KINDS)("staff sessions and passwords on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestStore(kind, (made) => (store = made));
  afterEach(async () => {
    await app?.close();
  });

  const count = async () => (await store.db.select().from(staffSessions)).length;

  it("ends a session 2 hours idle or 12 hours after sign-in, and the sweep deletes it", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "worker@provider.example");
    const idle = await signIn(app, "worker@provider.example");
    const busy = await signIn(app, "worker@provider.example");
    const now = Date.now();
    // Used every hour, the busy one lives until its absolute lifetime.
    for (let h = 1; h <= 11; h++)
      expect(
        await findSession(store.db, busy.sessionId, DEFAULT_SESSION_LIMITS, new Date(now + h * HOUR)),
        `hour ${h}`,
      ).toBeDefined();
    expect(
      await findSession(store.db, idle.sessionId, DEFAULT_SESSION_LIMITS, new Date(now + 2 * HOUR + 60_000)),
    ).toBeUndefined();
    expect(
      await findSession(store.db, busy.sessionId, DEFAULT_SESSION_LIMITS, new Date(now + 12 * HOUR + 60_000)),
    ).toBeUndefined();
    // Both rows are gone: the expired session was deleted when it was looked up.
    expect(await count()).toBe(0);
    // The sweep deletes sessions nobody comes back with.
    await signIn(app, "worker@provider.example");
    await signIn(app, "worker@provider.example");
    expect(await count()).toBe(2);
    expect(await sweepOnce(app, DEFAULT_SESSION_LIMITS, new Date(now + HOUR))).toBe(0);
    expect(await sweepOnce(app, DEFAULT_SESSION_LIMITS, new Date(now + 2 * HOUR + 60_000))).toBe(2);
    expect(await count()).toBe(0);
  });

  it("takes its lifetimes from the settings, and the server sweeps on its own", async () => {
    app = await createTestApp(store, { STAFF_SESSION_IDLE_MINUTES: 1, STAFF_SESSION_ABSOLUTE_HOURS: 1 });
    await addAccount(store.db, "worker@provider.example");
    const me = await signIn(app, "worker@provider.example");
    await store.db.execute(sql`update staff_sessions set last_seen_at = now() - interval '2 minutes'`);
    expect((await app.inject({ url: "/api/staff/leads", headers: me.headers })).statusCode).toBe(401);
    await signIn(app, "worker@provider.example");
    await store.db.execute(sql`update staff_sessions set started_at = now() - interval '61 minutes'`);
    await app.close();
    app = await createTestApp(store, { STAFF_SESSION_IDLE_MINUTES: 1, STAFF_SESSION_ABSOLUTE_HOURS: 1 });
    await app.ready(); // the sweep runs when the server is ready, then every few minutes
    await expect.poll(count, { timeout: 5_000 }).toBe(0);
  });

  it("changes one's own password: the old one stops working and every other session ends", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "worker@provider.example");
    const laptop = await signIn(app, "worker@provider.example");
    const phone = await signIn(app, "worker@provider.example");
    const change = (payload: object) =>
      app.inject({ method: "POST", url: "/api/staff/password", headers: laptop.headers, payload });
    const wrong = await change({ currentPassword: "not my password at all", newPassword: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().fields)).toEqual(["currentPassword"]);
    const weak = await change({ currentPassword: STAFF_PASSWORD, newPassword: "password1234" });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json().fields)).toEqual(["newPassword"]);
    const changed = await change({ currentPassword: STAFF_PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.cookies.find((c) => c.name === "staff_session")!.value;
    expect((await app.inject({ url: "/api/staff/leads", headers: phone.headers })).statusCode).toBe(401);
    expect((await app.inject({ url: "/api/staff/leads", headers: laptop.headers })).statusCode).toBe(401);
    expect(
      (
        await app.inject({
          url: "/api/staff/leads",
          headers: { cookie: `staff_session=${fresh}`, "x-staff-console": "1" },
        })
      ).statusCode,
    ).toBe(200);
    await expect(signIn(app, "worker@provider.example")).rejects.toThrow(/401/);
    await signIn(app, "worker@provider.example", NEW_PASSWORD);
  });

  it("lets an admin reset a password, which ends that account's sessions; all of it in the security log", async () => {
    app = await createTestApp(store);
    const worker = await addAccount(store.db, "worker@provider.example");
    await addAccount(store.db, "boss@provider.example", "admin");
    const staff = await signIn(app, "worker@provider.example");
    const admin = await signIn(app, "boss@provider.example");
    const weak = await app.inject({
      method: "POST",
      url: `/api/staff/accounts/${worker.id}/password`,
      headers: admin.headers,
      payload: { password: "short" },
    });
    expect(weak.statusCode).toBe(400);
    const reset = await app.inject({
      method: "POST",
      url: `/api/staff/accounts/${worker.id}/password`,
      headers: admin.headers,
      payload: { password: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    expect((await app.inject({ url: "/api/staff/leads", headers: staff.headers })).statusCode).toBe(401);
    await signIn(app, "worker@provider.example", NEW_PASSWORD);
    const refused = await app.inject({
      method: "POST",
      url: `/api/staff/accounts/${worker.id}/password`,
      headers: staff.headers,
      payload: { password: NEW_PASSWORD },
    });
    expect(refused.statusCode).toBe(401); // that session ended with the reset
    const events = (
      await app.inject({ url: "/api/staff/security-events?kind=password_reset", headers: admin.headers })
    ).json().events;
    expect(events).toEqual([
      expect.objectContaining({
        kind: "password_reset",
        actorEmail: "boss@provider.example",
        subjectEmail: "worker@provider.example",
      }),
    ]);
    expect(JSON.stringify(events)).not.toContain(NEW_PASSWORD);
  });

  it("exports leads for admins only, and records who exported how many rows", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "worker@provider.example");
    await addAccount(store.db, "boss@provider.example", "admin");
    for (const n of [1, 2, 3])
      await app.inject({
        method: "POST",
        url: "/api/leads",
        payload: homepageLead({ email: `l${n}@clinic.example`, phone: `555030000${n}` }),
      });
    const staff = await signIn(app, "worker@provider.example");
    const admin = await signIn(app, "boss@provider.example");
    expect((await app.inject({ url: "/api/staff/leads.csv", headers: staff.headers })).statusCode).toBe(403);
    const csv = await app.inject({
      url: "/api/staff/leads.csv?form=homepage_form&q=l1@clinic",
      headers: admin.headers,
    });
    expect(csv.statusCode).toBe(200);
    const all = await app.inject({ url: "/api/staff/leads.csv", headers: admin.headers });
    expect(all.body.trim().split("\r\n")).toHaveLength(4);
    const log = await app.inject({
      url: "/api/staff/security-events?kind=leads_exported&account=BOSS@provider.example",
      headers: admin.headers,
    });
    const events = log.json().events as { rowCount: number; actorEmail: string; detail: Record<string, unknown> }[];
    expect(events.map((e) => e.rowCount)).toEqual([3, 1]);
    expect(events[1]!.detail).toEqual({ form: "homepage_form", search: true, complete: true });
    expect(JSON.stringify(events)).not.toContain("l1@clinic");
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (
        await app.inject({
          url: `/api/staff/security-events?kind=leads_exported&from=${today}&to=${today}`,
          headers: admin.headers,
        })
      ).json().events,
    ).toHaveLength(2);
    expect(
      (
        await app.inject({
          url: "/api/staff/security-events?kind=leads_exported&from=2000-01-01&to=2000-01-02",
          headers: admin.headers,
        })
      ).json().events,
    ).toHaveLength(0);
    expect(
      (await app.inject({ url: "/api/staff/security-events?kind=nonsense", headers: admin.headers })).statusCode,
    ).toBe(400);
    // The log is append-only.
    await expect(store.db.execute(sql`update security_events set row_count = 0`)).rejects.toThrow();
    await expect(store.db.execute(sql`delete from security_events`)).rejects.toThrow();
  });

  it("puts the console under its own CSP, which names no integration", async () => {
    app = await createTestApp(store, {
      VITE_GOOGLE_TAG_ID: "G-TEST123",
      VITE_CHAT_WIDGET_SRC: "https://widget.example/chat.js",
    });
    const publicPage = String((await app.inject({ url: "/privacy" })).headers["content-security-policy"]);
    expect(publicPage).toContain("https://www.googletagmanager.com");
    expect(publicPage).toContain("https://widget.example");
    for (const url of ["/staff", "/api/staff/session", "/api/staff/leads"]) {
      const csp = String((await app.inject({ url, headers: CONSOLE })).headers["content-security-policy"]);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("connect-src 'self';");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toMatch(/googletagmanager|widget\.example|https:/);
    }
  });

  it("gives the session (and its CSRF token) to the console's own requests only", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "worker@provider.example");
    const me = await signIn(app, "worker@provider.example");
    const ask = (headers: Record<string, string>) =>
      app.inject({ url: "/api/staff/session", headers: { cookie: me.cookie, ...headers } });
    expect((await ask(CONSOLE)).json().csrfToken).toBe(me.csrfToken);
    expect(
      (await ask({ ...CONSOLE, "sec-fetch-site": "same-origin", "sec-fetch-dest": "empty" })).json().csrfToken,
    ).toBe(me.csrfToken);
    const refused: Record<string, string>[] = [
      {},
      { ...CONSOLE, "sec-fetch-site": "cross-site" },
      { ...CONSOLE, "sec-fetch-site": "same-site" },
      { ...CONSOLE, "sec-fetch-dest": "script" },
      { "sec-fetch-site": "same-origin" },
    ];
    for (const headers of refused) {
      const response = await ask(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.body).not.toContain(me.csrfToken);
    }
  });
});
