import { afterEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { consoleContentSecurityPolicy } from "./security-headers";
import { createTestApp, useTestStore, type TestStore } from "./test-support/test-helpers";

/** Decision 0026: the console's headers follow what the router maps to the console, however the path is encoded. */
describe("the console's headers on encoded paths", () => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestStore("pglite", (made) => (store = made));
  afterEach(async () => app?.close());

  it.each([
    "/api/%73taff/leads.csv",
    "/api/staff/leads.csv",
    "/%73taff",
    "/%73taff/leads/1",
    "/api/%73taff/session",
    "/%61pi/staff/leads",
  ])("%s is no-store, noindex and under the console's CSP", async (url) => {
    app = await createTestApp(store);
    const response = await app.inject({ url });
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(response.headers["content-security-policy"]).toBe(consoleContentSecurityPolicy([]));
  });

  it("answers the console's API on an encoded path with the console's rules (a session is required)", async () => {
    app = await createTestApp(store);
    expect((await app.inject({ url: "/api/%73taff/leads.csv" })).statusCode).toBe(401);
    // A cross-site write to an encoded API path is refused like any other /api write.
    const crossSite = await app.inject({
      method: "POST",
      url: "/%61pi/staff/sign-in",
      headers: { origin: "https://evil.example" },
      payload: {},
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it("leaves the public pages under the public CSP", async () => {
    app = await createTestApp(store);
    const response = await app.inject({ url: "/staffing" });
    expect(response.headers["cache-control"]).not.toBe("no-store");
    expect(response.headers["content-security-policy"]).not.toBe(consoleContentSecurityPolicy([]));
  });
});
