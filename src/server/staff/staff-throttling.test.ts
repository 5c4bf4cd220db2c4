import { afterEach, describe, expect, it, vi } from "vitest";
import type { FastifyInstance } from "fastify";
import { loadConfig } from "../config";
import { argon2 } from "./passwords";
import { STAFF_MESSAGES } from "../staff-messages";
import { STAFF_PASSWORD, addAccount, signIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS, createTestApp, standingClock, useTestStore, type TestStore } from "../test-support/test-helpers";
import { ACCOUNT_BACKOFF } from "../../domain/sign-in-backoff";

/**
 * Behind one trusted proxy, the client address is the one the proxy appends to X-Forwarded-For.
 * "1" is read as `true` by today's TRUST_PROXY and as one hop once it takes a hop count (the
 * harden branch); with a single entry both give that entry as the client address.
 */
const BEHIND_PROXY = { TRUST_PROXY: loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY };
const from = (address: string) => ({ "x-forwarded-for": address });
const OWNER = "owner@provider.example";
const WRONG = "not the password at all";

describe.each(STORE_KINDS)("sign-in throttling on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestStore(kind, (made) => (store = made));
  standingClock();
  afterEach(async () => {
    vi.restoreAllMocks();
    await app?.close();
  });

  const tryPassword = (email: string, password: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "POST", url: "/api/staff/sign-in", headers, payload: { email, password } });

  it("lets the owner in on the first try from a fresh browser while strangers guess from rotating addresses (decision 0026)", async () => {
    app = await createTestApp(store, BEHIND_PROXY);
    await addAccount(store.db, OWNER);
    const first = await tryPassword(OWNER, STAFF_PASSWORD, from("198.51.100.1"));
    expect(first.statusCode).toBe(200);
    const device = first.cookies.find((c) => c.name === "staff_device")!;
    expect(device.httpOnly).toBe(true);
    expect(device.sameSite).toBe("Strict");
    // The attack of the review, compressed: wrong passwords for the owner from ever new addresses, IPv4 and IPv6.
    const attack = async (round: number) => {
      const tries = Array.from({ length: 20 }, (_, i) =>
        tryPassword(OWNER, WRONG, from(i % 2 ? `203.0.${round}.${i + 1}` : `2001:db8:${round}:${i}::1`)),
      );
      expect((await Promise.all(tries)).every((r) => r.statusCode === 401)).toBe(true);
    };
    for (let round = 0; round < 4; round++) await attack(round);
    // The owner, from a browser that never signed in here, is in at the first try, mid-attack.
    const [fresh] = await Promise.all([tryPassword(OWNER, STAFF_PASSWORD, from("192.0.2.77")), attack(9)]);
    expect(fresh.statusCode).toBe(200);
    // And from their own browser too; a device cookie of another account counts for nothing (the pair's own count applies).
    expect(
      (await tryPassword(OWNER, STAFF_PASSWORD, { ...from("198.51.100.1"), cookie: `staff_device=${device.value}` }))
        .statusCode,
    ).toBe(200);
    await addAccount(store.db, "other@provider.example");
    const other = (await tryPassword("other@provider.example", STAFF_PASSWORD, from("192.0.2.78"))).cookies.find(
      (c) => c.name === "staff_device",
    )!;
    expect(
      (await tryPassword(OWNER, STAFF_PASSWORD, { ...from("192.0.2.79"), cookie: `staff_device=${other.value}` }))
        .statusCode,
    ).toBe(200);
  }, 120_000);

  it("counts an IPv6 client by its /64: rotating through it does not reset its count", async () => {
    app = await createTestApp(store, BEHIND_PROXY);
    const checks = vi.spyOn(argon2, "verify");
    for (let i = 0; i < 25; i++)
      expect(
        (await tryPassword(`x${i}@provider.example`, WRONG, from(`2001:db8:5:6::${(i + 1).toString(16)}`))).statusCode,
      ).toBe(401);
    expect(checks.mock.calls.length).toBe(20); // ADDRESS_BACKOFF.free for the whole /64
    await addAccount(store.db, OWNER);
    expect((await tryPassword(OWNER, STAFF_PASSWORD, from("2001:db8:5:7::1"))).statusCode).toBe(200);
  }, 60_000);

  it("renews the device cookie at each full sign-in and forgets a device unused for 180 days", async () => {
    app = await createTestApp(store, BEHIND_PROXY);
    await addAccount(store.db, OWNER);
    const device = (await tryPassword(OWNER, STAFF_PASSWORD, from("198.51.100.1"))).cookies.find(
      (c) => c.name === "staff_device",
    )!;
    const again = await tryPassword(OWNER, STAFF_PASSWORD, {
      ...from("198.51.100.1"),
      cookie: `staff_device=${device.value}`,
    });
    const renewed = again.cookies.find((c) => c.name === "staff_device")!;
    expect(renewed.value).toBe(device.value);
    expect(renewed.maxAge).toBe(180 * 24 * 60 * 60);
    const { sql } = await import("drizzle-orm");
    await store.db.execute(sql`update staff_devices set last_used_at = now() - interval '181 days'`);
    const late = await tryPassword(OWNER, STAFF_PASSWORD, {
      ...from("198.51.100.1"),
      cookie: `staff_device=${device.value}`,
    });
    expect(late.cookies.find((c) => c.name === "staff_device")!.value).not.toBe(device.value);
  }, 60_000);

  it("counts failures with a device cookie against that device: the owner's typos do not wait on an attacker", async () => {
    app = await createTestApp(store, BEHIND_PROXY);
    await addAccount(store.db, OWNER);
    const device = (await tryPassword(OWNER, STAFF_PASSWORD, from("198.51.100.1"))).cookies.find(
      (c) => c.name === "staff_device",
    )!;
    const withDevice = { ...from("198.51.100.1"), cookie: `staff_device=${device.value}` };
    for (let i = 0; i < ACCOUNT_BACKOFF.free; i++)
      expect((await tryPassword(OWNER, WRONG, withDevice)).statusCode).toBe(401);
    // The device now waits a moment, even for the right password; a second browser of the owner's is not affected by it.
    expect((await tryPassword(OWNER, STAFF_PASSWORD, withDevice)).statusCode).toBe(401);
    expect((await tryPassword(OWNER, STAFF_PASSWORD, from("198.51.100.2"))).statusCode).toBe(200);
  }, 30_000);

  it("answers a known and an unknown e-mail alike at every try, throttled or not", async () => {
    app = await createTestApp(store, BEHIND_PROXY);
    await addAccount(store.db, OWNER);
    await addAccount(store.db, "gone@provider.example");
    await app.inject({
      method: "POST",
      url: "/api/staff/sign-in",
      payload: { email: "gone@provider.example", password: STAFF_PASSWORD },
    });
    const { disableAccount } = await import("../store/staff-repository");
    await disableAccount(store.db, { email: "gone@provider.example" });
    for (let i = 0; i < ACCOUNT_BACKOFF.free + 3; i++) {
      const answers = [
        await tryPassword(OWNER, WRONG, from("203.0.113.1")),
        await tryPassword("nobody@provider.example", WRONG, from("203.0.113.2")),
        await tryPassword("gone@provider.example", STAFF_PASSWORD, from("203.0.113.3")),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, `try ${i + 1}`).toBe(401);
        expect(answer.body).toBe(JSON.stringify({ error: STAFF_MESSAGES.signInFailed }));
        expect(answer.headers["retry-after"]).toBeUndefined();
        expect(answer.headers["set-cookie"]).toBeUndefined();
      }
    }
  }, 60_000);

  it("checks no more passwords for 20 concurrent wrong tries than for 20 one after another", async () => {
    app = await createTestApp(store, BEHIND_PROXY);
    await addAccount(store.db, OWNER);
    await addAccount(store.db, "second@provider.example");
    const checks = vi.spyOn(argon2, "verify");
    for (let i = 0; i < 20; i++) await tryPassword(OWNER, WRONG, from("203.0.113.1"));
    const sequential = checks.mock.calls.length;
    checks.mockClear();
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => tryPassword("second@provider.example", WRONG, from("198.51.100.1"))),
    );
    expect(burst.every((r) => r.statusCode === 401)).toBe(true);
    expect(sequential).toBe(ACCOUNT_BACKOFF.free);
    expect(checks.mock.calls.length).toBeLessThanOrEqual(sequential);
  }, 60_000);

  it("slows one address guessing at many accounts", async () => {
    app = await createTestApp(store, BEHIND_PROXY);
    const checks = vi.spyOn(argon2, "verify");
    const answers = [];
    for (let i = 0; i < 25; i++)
      answers.push((await tryPassword(`x${i}@provider.example`, WRONG, from("203.0.113.9"))).statusCode);
    expect(answers.every((s) => s === 401)).toBe(true);
    expect(checks.mock.calls.length).toBe(20); // ADDRESS_BACKOFF.free, then the address waits
    await addAccount(store.db, OWNER);
    expect((await tryPassword(OWNER, STAFF_PASSWORD, from("203.0.113.10"))).statusCode).toBe(200);
  }, 60_000);

  it("shows throttles to an admin, who lifts them; each step is in the security log", async () => {
    app = await createTestApp(store, BEHIND_PROXY);
    await addAccount(store.db, OWNER);
    await addAccount(store.db, "boss@provider.example", "admin");
    const admin = await signIn(app, "boss@provider.example");
    for (let i = 0; i < ACCOUNT_BACKOFF.free + 1; i++) await tryPassword(OWNER, WRONG, from("192.0.2.1"));
    expect((await tryPassword(OWNER, STAFF_PASSWORD, from("192.0.2.1"))).statusCode).toBe(401);
    const list = await app.inject({ url: "/api/staff/throttles", headers: admin.headers });
    expect(list.statusCode).toBe(200);
    const throttle = list
      .json()
      .throttles.find(
        (t: { kind: string; label: string }) => t.kind === "account" && t.label === `${OWNER} (from 192.0.2.1)`,
      );
    expect(throttle.blockedUntil).not.toBeNull();
    const staff = await signIn(app, "other@provider.example").catch(() => undefined);
    expect(staff).toBeUndefined();
    const lift = await app.inject({
      method: "POST",
      url: "/api/staff/throttles/lift",
      headers: admin.headers,
      payload: { keys: [throttle.key] },
    });
    expect(lift.json()).toEqual({ lifted: 1 });
    expect((await tryPassword(OWNER, STAFF_PASSWORD, from("192.0.2.1"))).statusCode).toBe(200);
    const log = (await app.inject({ url: "/api/staff/security-events", headers: admin.headers })).json().events as {
      kind: string;
      subjectEmail: string | null;
      clientIp: string;
    }[];
    const kinds = log.map((e) => e.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(["sign_in_failed", "sign_in_throttled", "throttle_lifted", "sign_in"]),
    );
    expect(log.find((e) => e.kind === "throttle_lifted")).toMatchObject({ subjectEmail: OWNER });
    expect(log.filter((e) => e.kind === "sign_in_failed" && e.subjectEmail === OWNER).map((e) => e.clientIp)).toContain(
      "192.0.2.1",
    );
    expect(JSON.stringify(log)).not.toContain(WRONG);
    expect(JSON.stringify(log)).not.toContain(STAFF_PASSWORD);
    const bad = await app.inject({
      method: "POST",
      url: "/api/staff/throttles/lift",
      headers: admin.headers,
      payload: { keys: [] },
    });
    expect(bad.statusCode).toBe(400);
  }, 60_000);
});
