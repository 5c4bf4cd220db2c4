import { afterEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { STAFF_MESSAGES } from "../staff-messages";
import { STAFF_PASSWORD, addAccount, signIn } from "../test-support/staff-test-helpers";
import { createTestApp, useTestStore, type TestStore } from "../test-support/test-helpers";

const CONSOLE_ORIGIN = "https://console.provider.example";

/** Decision 0026: reads of staff data need more than the cookie; with STAFF_ORIGIN the console lives only on its own origin. */
describe("where the console answers", () => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestStore("pglite", (made) => (store = made));
  afterEach(async () => app?.close());

  it("refuses a read that carries only the cookie (a script on the public pages), and allows the console's and the CSV link's", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "boss@provider.example", "admin");
    const boss = await signIn(app, "boss@provider.example");
    const scriptFetch = {
      cookie: boss.cookie,
      "sec-fetch-site": "same-origin",
      "sec-fetch-mode": "cors",
      "sec-fetch-dest": "empty",
    };
    for (const url of [
      "/api/staff/leads",
      "/api/staff/leads.csv",
      "/api/staff/accounts",
      "/api/staff/security-events",
    ]) {
      const refused = await app.inject({ url, headers: scriptFetch });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ error: STAFF_MESSAGES.consoleOnly });
    }
    expect(
      (
        await app.inject({
          url: "/api/staff/leads",
          headers: { ...scriptFetch, "x-staff-console": "1", "sec-fetch-site": "cross-site" },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ url: "/api/staff/leads", headers: { ...scriptFetch, "x-staff-console": "1" } })).statusCode,
    ).toBe(200);
    const download = {
      cookie: boss.cookie,
      "sec-fetch-site": "same-origin",
      "sec-fetch-mode": "navigate",
      "sec-fetch-dest": "document",
    };
    expect((await app.inject({ url: "/api/staff/leads.csv", headers: download })).statusCode).toBe(200);
    expect((await app.inject({ url: "/api/staff/leads", headers: download })).statusCode).toBe(403);
  });

  it("answers the console only on STAFF_ORIGIN, with __Host- cookies, and 404 on the public origin", async () => {
    app = await createTestApp(store, { STAFF_ORIGIN: CONSOLE_ORIGIN, TRUST_PROXY: { hops: 1 } });
    await addAccount(store.db, "worker@provider.example");
    const onPublic = { host: "www.provider.example" };
    for (const url of ["/staff", "/%73taff", "/api/staff/session", "/api/%73taff/leads.csv"]) {
      expect((await app.inject({ url, headers: onPublic })).statusCode, url).toBe(404);
    }
    expect(
      (
        await app.inject({
          method: "POST",
          url: "/api/staff/sign-in",
          headers: onPublic,
          payload: { email: "worker@provider.example", password: STAFF_PASSWORD },
        })
      ).statusCode,
    ).toBe(404);
    const onConsole = { host: "console.provider.example", "x-forwarded-proto": "https" };
    const signedIn = await app.inject({
      method: "POST",
      url: "/api/staff/sign-in",
      headers: onConsole,
      payload: { email: "worker@provider.example", password: STAFF_PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.cookies.find((c) => c.name === "__Host-staff_session")!;
    expect(session).toMatchObject({ secure: true, path: "/", httpOnly: true });
    expect(session.domain).toBeUndefined();
    expect(signedIn.cookies.find((c) => c.name === "__Host-staff_device")).toMatchObject({ secure: true, path: "/" });
    expect(signedIn.cookies.some((c) => c.name === "staff_session")).toBe(false);
    const leads = await app.inject({
      url: "/api/staff/leads",
      headers: { ...onConsole, cookie: `__Host-staff_session=${session.value}`, "x-staff-console": "1" },
    });
    expect(leads.statusCode).toBe(200);
    // The public site still answers on its own origin.
    expect((await app.inject({ url: "/api/health", headers: onPublic })).statusCode).toBeLessThan(400);
  });
});
