import { afterEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { ACCOUNT_BACKOFF } from "../../domain/sign-in-backoff";
import { openSecret } from "../sealed-secrets";
import { currentCode } from "./second-factor";
import { STAFF_MESSAGES } from "../staff-messages";
import {
  STAFF_PASSWORD,
  addAccount,
  enrol,
  secondFactors,
  signIn,
  signedInOf,
} from "../test-support/staff-test-helpers";
import { resetSecondFactor } from "./second-factor-repository";
import { staffAccounts, staffRecoveryCodes } from "../store/schema";
import { STORE_KINDS, createTestApp, standingClock, useTestStore, type TestStore } from "../test-support/test-helpers";

const CONSOLE = { "x-staff-console": "1" };
const KEY = Buffer.alloc(32, 7).toString("base64");

describe.each(STORE_KINDS)("second factor on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestStore(kind, (made) => (store = made));
  standingClock();
  afterEach(async () => {
    await app?.close();
  });

  const password = (email: string) =>
    app.inject({ method: "POST", url: "/api/staff/sign-in", payload: { email, password: STAFF_PASSWORD } });
  const verify = (headers: Record<string, string>, code: string) =>
    app.inject({ method: "POST", url: "/api/staff/second-factor/verify", headers, payload: { code } });

  it("sends an admin without one to set it up, and lets nothing else through until then", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "boss@provider.example", "admin");
    const first = await password("boss@provider.example");
    expect(first.json()).toMatchObject({ stage: "enrol", account: { secondFactor: false } });
    const half = signedInOf(first);
    expect((await app.inject({ url: "/api/staff/leads", headers: half.headers })).json()).toEqual({
      error: STAFF_MESSAGES.finishSignIn,
    });
    expect((await app.inject({ url: "/api/staff/accounts", headers: half.headers })).statusCode).toBe(401);
    const setup = await app.inject({ method: "POST", url: "/api/staff/second-factor/setup", headers: half.headers });
    const { secret, uri, qrSvg } = setup.json();
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]+/);
    expect(qrSvg).toMatch(/^<svg/);
    expect(qrSvg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/); // drawn here: nothing from elsewhere
    expect(secret.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{32}$/);
    const wrong = await app.inject({
      method: "POST",
      url: "/api/staff/second-factor/confirm",
      headers: half.headers,
      payload: { code: "000000" },
    });
    expect(wrong.statusCode).toBe(400);
    const full = await enrol(app, "boss@provider.example", half);
    expect(secondFactors.get("boss@provider.example")!.recoveryCodes).toHaveLength(10);
    expect((await app.inject({ url: "/api/staff/accounts", headers: full.headers })).statusCode).toBe(200);
    // Only hashes of the recovery codes are kept.
    const stored = await store.db.select().from(staffRecoveryCodes);
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(secondFactors.get("boss@provider.example")!.recoveryCodes[0]!);
  });

  it("asks for the code after the password, takes a code once, and a recovery code once only", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "worker@provider.example");
    const plain = await password("worker@provider.example");
    expect(plain.json().stage).toBe("full"); // optional for staff
    await enrol(app, "worker@provider.example", signedInOf(plain));
    const { secret, recoveryCodes } = secondFactors.get("worker@provider.example")!;

    const half = signedInOf(await password("worker@provider.example"));
    expect(
      (await app.inject({ url: "/api/staff/session", headers: { ...CONSOLE, ...half.headers } })).json().stage,
    ).toBe("second_factor");
    expect((await app.inject({ url: "/api/staff/leads", headers: half.headers })).statusCode).toBe(401);
    // The code used at enrolment is not taken again.
    expect((await verify(half.headers, currentCode(secret))).statusCode).toBe(400);
    const next = await verify(half.headers, currentCode(secret, Date.now() + 30_000));
    expect(next.statusCode).toBe(200);
    expect(next.json().stage).toBe("full");
    const full = signedInOf(next);
    expect(full.sessionId).not.toBe(half.sessionId);
    expect((await app.inject({ url: "/api/staff/leads", headers: full.headers })).statusCode).toBe(200);

    const code = recoveryCodes[0]!;
    const again = signedInOf(await password("worker@provider.example"));
    expect((await verify(again.headers, code.toUpperCase())).statusCode).toBe(200);
    const twice = signedInOf(await password("worker@provider.example"));
    expect((await verify(twice.headers, code)).statusCode).toBe(400);
    expect((await verify(twice.headers, recoveryCodes[1]!)).statusCode).toBe(200);
  });

  it("throttles wrong codes like wrong passwords: after the free ones even the right code waits", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "worker@provider.example");
    await enrol(app, "worker@provider.example", signedInOf(await password("worker@provider.example")));
    const { secret } = secondFactors.get("worker@provider.example")!;
    const half = signedInOf(await password("worker@provider.example"));
    for (let i = 0; i < ACCOUNT_BACKOFF.free; i++) {
      const wrong = await verify(half.headers, "123456");
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toBe(STAFF_MESSAGES.codeFailed);
    }
    const waiting = await verify(half.headers, currentCode(secret, Date.now() + 30_000));
    expect(waiting.statusCode).toBe(400);
    expect(waiting.json().error).toBe(STAFF_MESSAGES.codeFailed);
    const admin = await addAccount(store.db, "boss@provider.example", "admin");
    const boss = await signIn(app, admin.email);
    const throttles = (await app.inject({ url: "/api/staff/throttles", headers: boss.headers })).json().throttles;
    expect(throttles.map((t: { label: string }) => t.label)).toContain("worker@provider.example (code)");
    const kinds = (
      await app.inject({ url: "/api/staff/security-events?account=worker@provider.example", headers: boss.headers })
    )
      .json()
      .events.map((e: { kind: string }) => e.kind);
    expect(kinds.filter((k: string) => k === "second_factor_failed")).toHaveLength(ACCOUNT_BACKOFF.free);
    expect(kinds).toContain("sign_in_throttled");
  });

  it("requires it of everyone with STAFF_REQUIRE_SECOND_FACTOR, keeps the key sealed with STAFF_SECRET_KEY, and is reset from the server", async () => {
    const { loadConfig } = await import("../config");
    const config = loadConfig({ STAFF_REQUIRE_SECOND_FACTOR: "true", STAFF_SECRET_KEY: KEY });
    app = await createTestApp(store, {
      STAFF_REQUIRE_SECOND_FACTOR: config.STAFF_REQUIRE_SECOND_FACTOR,
      STAFF_SECRET_KEY: config.STAFF_SECRET_KEY,
    });
    const worker = await addAccount(store.db, "worker@provider.example");
    expect((await password("worker@provider.example")).json().stage).toBe("enrol");
    await signIn(app, "worker@provider.example");
    const [row] = await store.db.select().from(staffAccounts).where(eq(staffAccounts.id, worker.id));
    expect(row!.totpSecret).toMatch(/^v1:/);
    expect(openSecret(row!.totpSecret!, config.STAFF_SECRET_KEY)).toBe(
      secondFactors.get("worker@provider.example")!.secret,
    );
    expect(() => loadConfig({ STAFF_SECRET_KEY: "too short" })).toThrow(/STAFF_SECRET_KEY/);

    const session = await signIn(app, "worker@provider.example");
    expect(await resetSecondFactor(store.db, "Worker@provider.example")).toMatchObject({
      email: "worker@provider.example",
    });
    expect((await app.inject({ url: "/api/staff/leads", headers: session.headers })).statusCode).toBe(401);
    expect((await password("worker@provider.example")).json().stage).toBe("enrol");
    expect(await store.db.select().from(staffRecoveryCodes)).toEqual([]);
  });
});
