import { randomBytes } from "node:crypto";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import type { Config } from "./config";
import { CROSS_SITE_MESSAGE, RATE_LIMITED_MESSAGE } from "./abuse-protection";
import { deliveries, facilityLeads, nurseApplications } from "./store/schema";
import { STORE_KINDS, useTestApps, type TestStore } from "./test-support/test-helpers";
import { homepageLead, nurseApplication, qualifyLead } from "./test-support/test-fixtures";

/** A random public address: each test gets its own rate-limit bucket. */
const randomIp = () => `203.0.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;
const REDIS_KINDS: ("memory" | "redis")[] = process.env.TEST_REDIS_URL ? ["memory", "redis"] : ["memory"];

describe.each(STORE_KINDS)("abuse protection on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance | undefined;
  const build = useTestApps(kind, (made) => (store = made));

  const start = async (overrides: Partial<Config> = {}, namespace?: string) =>
    (app = await build(overrides, namespace ? { rateLimitNamespace: namespace } : {}));
  const post = (
    url: string,
    payload: object,
    headers: Record<string, string> = {},
    remoteAddress = "127.0.0.1",
    on = app!,
  ) => on.inject({ method: "POST", url, payload, headers, remoteAddress });

  describe.each(REDIS_KINDS)("rate limit (%s counts)", (counts) => {
    const redisUrl = counts === "redis" ? process.env.TEST_REDIS_URL : undefined;
    const namespace = `test-rate-limit-${randomBytes(4).toString("hex")}:`;
    afterAll(async () => {
      if (!redisUrl) return;
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${namespace}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    });

    it("answers 429 JSON with Retry-After after RATE_LIMIT_PER_MINUTE posts from one address", async () => {
      await start({ RATE_LIMIT_PER_MINUTE: 3, REDIS_URL: redisUrl }, namespace);
      const ip = randomIp();
      for (let n = 0; n < 3; n++) {
        const response = await post("/api/leads", homepageLead({ email: `a${n}@x.example` }), {}, ip);
        expect(response.statusCode).toBe(201);
      }
      const limited = await post("/api/leads", homepageLead({ email: "d@x.example" }), {}, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: RATE_LIMITED_MESSAGE });
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
      // Another address, and the other form route shares the address's budget.
      expect((await post("/api/leads", homepageLead({ email: "e@x.example" }), {}, randomIp())).statusCode).toBe(201);
      expect((await post("/api/nurse-applications", nurseApplication(), {}, ip)).statusCode).toBe(429);
      expect(await store.db.select().from(facilityLeads)).toHaveLength(4);
    });

    it("applies RATE_LIMIT_PER_DAY too, and 0 turns a limit off", async () => {
      await start({ RATE_LIMIT_PER_MINUTE: 0, RATE_LIMIT_PER_DAY: 2, REDIS_URL: redisUrl }, namespace);
      const ip = randomIp();
      expect(
        (await post("/api/nurse-applications", nurseApplication({ email: "1@x.example" }), {}, ip)).statusCode,
      ).toBe(201);
      expect(
        (await post("/api/nurse-applications", nurseApplication({ email: "2@x.example" }), {}, ip)).statusCode,
      ).toBe(201);
      const limited = await post("/api/nurse-applications", nurseApplication({ email: "3@x.example" }), {}, ip);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(3600);
    });

    if (redisUrl) {
      it("shares the counts between two server processes through Redis", async () => {
        const one = await start({ RATE_LIMIT_PER_MINUTE: 2, REDIS_URL: redisUrl }, namespace);
        const two = await start({ RATE_LIMIT_PER_MINUTE: 2, REDIS_URL: redisUrl }, namespace);
        const ip = randomIp();
        expect((await post("/api/leads", homepageLead({ email: "1@x.example" }), {}, ip, one)).statusCode).toBe(201);
        expect((await post("/api/leads", homepageLead({ email: "2@x.example" }), {}, ip, two)).statusCode).toBe(201);
        expect((await post("/api/leads", homepageLead({ email: "3@x.example" }), {}, ip, one)).statusCode).toBe(429);
        expect((await post("/api/leads", homepageLead({ email: "4@x.example" }), {}, ip, two)).statusCode).toBe(429);
      });
    }
  });

  it("exempts loopback by default (RATE_LIMIT_EXEMPT_IPS) and takes X-Forwarded-For only with TRUST_PROXY", async () => {
    await start({ RATE_LIMIT_PER_MINUTE: 1 });
    for (let n = 0; n < 3; n++) {
      expect((await post("/api/leads", homepageLead({ email: `${n}@x.example` }), {}, "127.0.0.1")).statusCode).toBe(
        201,
      );
    }
    const proxied = await start({ RATE_LIMIT_PER_MINUTE: 1, TRUST_PROXY: { hops: 1 } });
    const visitor = randomIp();
    const xff = { "x-forwarded-for": visitor };
    expect(
      (await post("/api/leads", homepageLead({ email: "p1@x.example" }), xff, "127.0.0.1", proxied)).statusCode,
    ).toBe(201);
    expect(
      (await post("/api/leads", homepageLead({ email: "p2@x.example" }), xff, "127.0.0.1", proxied)).statusCode,
    ).toBe(429);
    // Without TRUST_PROXY the header is ignored: the proxy's loopback address is exempt.
    const direct = await start({ RATE_LIMIT_PER_MINUTE: 1 });
    expect(
      (await post("/api/leads", homepageLead({ email: "p3@x.example" }), xff, "127.0.0.1", direct)).statusCode,
    ).toBe(201);
    expect(
      (await post("/api/leads", homepageLead({ email: "p4@x.example" }), xff, "127.0.0.1", direct)).statusCode,
    ).toBe(201);
  });

  it("answers a filled honeypot like a success, stores it as spam and forwards nothing", async () => {
    await start({ HOMEPAGE_WEBHOOK_URL: "http://127.0.0.1:9/hook", NURSE_FORM_URL: "http://127.0.0.1:9/nurse" });
    await app!.outbox!.stop();
    const lead = await post("/api/leads", homepageLead({ companyWebsite: "https://bot.example" }));
    expect(lead.statusCode).toBe(201);
    expect(lead.json().id).toMatch(/^[0-9a-f-]{36}$/);
    const application = await post("/api/nurse-applications", nurseApplication({ companyWebsite: "x" }));
    expect(application.statusCode).toBe(201);
    const [row] = await store.db.select().from(facilityLeads);
    expect(row).toMatchObject({ id: lead.json().id, isSpam: true });
    const [nurse] = await store.db.select().from(nurseApplications);
    expect(nurse!.isSpam).toBe(true);
    expect(await store.db.select().from(deliveries)).toEqual([]);
  });

  it("marks a submit faster than MIN_FILL_SECONDS as spam; a slower one is a lead; 0 turns it off", async () => {
    await start({ HOMEPAGE_WEBHOOK_URL: "http://127.0.0.1:9/hook", MIN_FILL_SECONDS: 3 });
    await app!.outbox!.stop();
    const now = Date.now();
    const fast = await post(
      "/api/leads",
      homepageLead({ formStartedAt: now - 1000, timestamp: new Date(now).toISOString() }),
    );
    const slow = await post(
      "/api/leads",
      homepageLead({ email: "slow@x.example", formStartedAt: now - 20_000, timestamp: new Date(now).toISOString() }),
    );
    const serverClock = await post("/api/leads", qualifyLead({ formStartedAt: Date.now() - 500 }));
    expect([fast.statusCode, slow.statusCode, serverClock.statusCode]).toEqual([201, 201, 201]);
    const rows = await store.db.select().from(facilityLeads);
    const spam = (id: string) => rows.find((r) => r.id === id)!.isSpam;
    expect(spam(fast.json().id)).toBe(true);
    expect(spam(slow.json().id)).toBe(false);
    expect(spam(serverClock.json().id)).toBe(true);
    expect(await store.db.select().from(deliveries)).toHaveLength(1);

    const off = await start({ MIN_FILL_SECONDS: 0 });
    const quick = await post(
      "/api/leads",
      homepageLead({ email: "q@x.example", formStartedAt: Date.now() }),
      {},
      "127.0.0.1",
      off,
    );
    expect((await store.db.select().from(facilityLeads)).find((r) => r.id === quick.json().id)!.isSpam).toBe(false);
  });

  it("returns the first lead's id for a double submit (same form, e-mail and phone) without a second row or delivery", async () => {
    await start({ HOMEPAGE_WEBHOOK_URL: "http://127.0.0.1:9/hook" });
    await app!.outbox!.stop();
    const first = await post("/api/leads", homepageLead());
    const again = await post("/api/leads", homepageLead({ email: "DANA@sunrise.example", phone: "555-123-4567" }));
    const both = await Promise.all([post("/api/leads", homepageLead()), post("/api/leads", homepageLead())]);
    expect(again.json().id).toBe(first.json().id);
    expect(both.map((r) => r.json().id)).toEqual([first.json().id, first.json().id]);
    expect(await store.db.select().from(facilityLeads)).toHaveLength(1);
    expect(await store.db.select().from(deliveries)).toHaveLength(1);
    // Another form, or another phone, is a new lead.
    const other = await post("/api/leads", qualifyLead({ email: "dana@sunrise.example", phone: "5551234567" }));
    expect(other.json().id).not.toBe(first.json().id);
  });

  it("returns the first record for the same Idempotency-Key with the same fields, for leads and nurse applications", async () => {
    await start({ NURSE_FORM_URL: "http://127.0.0.1:9/nurse" });
    await app!.outbox!.stop();
    const key = { "idempotency-key": "key-1234567890" };
    const first = await post("/api/leads", homepageLead(), key);
    const retried = await post("/api/leads", homepageLead({ timestamp: "2026-11-22T10:00:05.000Z" }), key);
    expect(retried.statusCode).toBe(201);
    expect(retried.json().id).toBe(first.json().id);
    const nurse = await post("/api/nurse-applications", nurseApplication(), key);
    const nurseAgain = await post("/api/nurse-applications", nurseApplication(), key);
    const nurseByEmail = await post("/api/nurse-applications", nurseApplication());
    expect(nurseAgain.json().id).toBe(nurse.json().id);
    expect(nurseByEmail.json().id).toBe(nurse.json().id);
    expect(await store.db.select().from(facilityLeads)).toHaveLength(1);
    expect(await store.db.select().from(nurseApplications)).toHaveLength(1);
    expect(await store.db.select().from(deliveries)).toHaveLength(1);
  });

  it("refuses a cross-site Origin with 403 and allows the site's own origin, SITE_URL, and no Origin", async () => {
    await start({ SITE_URL: "https://www.staffing.example" });
    const cross = await post("/api/leads", homepageLead(), { origin: "https://evil.example" });
    expect(cross.statusCode).toBe(403);
    expect(cross.json()).toEqual({ error: CROSS_SITE_MESSAGE });
    expect((await post("/api/nurse-applications", nurseApplication(), { origin: "null" })).statusCode).toBe(403);
    expect(await store.db.select().from(facilityLeads)).toHaveLength(0);
    expect(
      (
        await post("/api/leads", homepageLead({ email: "1@x.example" }), {
          origin: "http://localhost:80",
          host: "localhost:80",
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await post("/api/leads", homepageLead({ email: "2@x.example" }), { origin: "https://www.staffing.example" }))
        .statusCode,
    ).toBe(201);
    expect((await post("/api/leads", homepageLead({ email: "3@x.example" }))).statusCode).toBe(201);
  });

  it("stores the consent proof: exact text, its SHA-256 version, checkbox, time, IP, user agent, page URL", async () => {
    await start();
    const { CONSENT_TEXT } = await import("../domain/consent");
    const { createHash } = await import("node:crypto");
    await post(
      "/api/leads",
      qualifyLead(),
      { "user-agent": "UA/1", referer: "https://www.staffing.example/qualify" },
      "198.51.100.7",
    );
    await post("/api/leads", homepageLead({ email: "h@x.example" }), {}, "198.51.100.8");
    const rows = await store.db.select().from(facilityLeads);
    const qualify = rows.find((r) => r.form === "qualify_page")!;
    expect(qualify).toMatchObject({
      consentText: CONSENT_TEXT,
      consentVersion: createHash("sha256").update(CONSENT_TEXT).digest("hex"),
      consentAgreed: true,
      clientIp: "198.51.100.7",
      userAgent: "UA/1",
      pageUrl: "https://www.staffing.example/qualify",
    });
    expect(qualify.receivedAt).toBeInstanceOf(Date);
    expect(rows.find((r) => r.form === "homepage_form")!.pageUrl).toBe("http://localhost:3000/?utm_source=google");
  });
});

describe("security headers", () => {
  const buildDir = mkdtempSync(join(tmpdir(), "staffing-build-"));
  const build = useTestApps("pglite");
  beforeAll(() => {
    mkdirSync(join(buildDir, "client"), { recursive: true });
    writeFileSync(
      join(buildDir, "client", "index.html"),
      "<!doctype html><html><head><title>Home</title></head><body>Home</body></html>",
    );
  });
  afterAll(() => rmSync(buildDir, { recursive: true, force: true }));

  it.each([
    ["a page", { method: "GET" as const, url: "/" }],
    ["an API response", { method: "POST" as const, url: "/api/leads", payload: homepageLead() as object }],
    ["an API error", { method: "GET" as const, url: "/api/nope" }],
  ])("are on %s", async (_name, request) => {
    const app = await build({ BUILD_DIR: buildDir });
    const response = await app.inject(request);
    const csp = String(response.headers["content-security-policy"]);
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(scriptSrc).not.toBe("");
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(response.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });
});
