import { afterEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { eq, sql } from "drizzle-orm";
import { currentCode, legacyRecoveryCodeHash } from "./second-factor";
import {
  STAFF_PASSWORD,
  addAccount,
  enrol,
  secondFactors,
  signIn,
  signedInOf,
  type SignedIn,
} from "../test-support/staff-test-helpers";
import { securityEvents, staffAccounts, staffRecoveryCodes, staffSessions } from "../store/schema";
import { STORE_KINDS, createTestApp, useTestStore, type TestStore } from "../test-support/test-helpers";

const WORKER = "worker@provider.example";

/** Decision 0026: the second factor belongs to its owner, not to whoever holds a session cookie. */
describe.each(STORE_KINDS)("the second factor's owner on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestStore(kind, (made) => (store = made));
  afterEach(async () => app?.close());

  const post = (url: string, who: SignedIn, payload: object = {}) =>
    app.inject({ method: "POST", url: `/api/staff/${url}`, headers: who.headers, payload });
  const kinds = async () =>
    (await store.db.select({ kind: securityEvents.kind }).from(securityEvents)).map((e) => e.kind);
  const enrolled = async () => {
    app = await createTestApp(store);
    await addAccount(store.db, WORKER);
    const plain = signedInOf(
      await app.inject({
        method: "POST",
        url: "/api/staff/sign-in",
        payload: { email: WORKER, password: STAFF_PASSWORD },
      }),
    );
    await enrol(app, WORKER, plain);
    return signIn(app, WORKER);
  };

  it("refuses to renew a full session through verify, and keeps a re-issued session's start", async () => {
    const full = await enrolled();
    const renewal = await post("second-factor/verify", full, {
      code: currentCode(secondFactors.get(WORKER)!.secret, Date.now() + 60_000),
    });
    expect(renewal.statusCode).toBe(409);
    expect(renewal.headers["set-cookie"]).toBeUndefined();
    // A session re-issued after the code keeps the sign-in's start: backdate one and re-issue it through a password change.
    await store.db.execute(sql`update staff_sessions set started_at = now() - interval '11 hours'`);
    const changed = await post("password", full, {
      currentPassword: STAFF_PASSWORD,
      newPassword: "another long enough passphrase",
    });
    expect(changed.statusCode).toBe(200);
    const [session] = await store.db.select().from(staffSessions);
    expect(Date.now() - session!.startedAt.getTime()).toBeGreaterThan(10.9 * 3_600_000);
    expect(changed.cookies.find((c) => c.name === "staff_session")!.maxAge).toBeLessThanOrEqual(3600);
    expect(await kinds()).toEqual(expect.arrayContaining(["second_factor_enrolled", "second_factor_verified"]));
  });

  it("refuses a take-over from a stolen full session: a new key needs the password and the current code", async () => {
    const full = await enrolled();
    const other = await signIn(app, WORKER);
    expect((await post("second-factor/setup", full)).statusCode).toBe(400);
    const noCode = await post("second-factor/setup", full, { password: STAFF_PASSWORD });
    expect(noCode.statusCode).toBe(400);
    expect(Object.keys(noCode.json().fields)).toEqual(["code"]);
    const wrongCode = await post("second-factor/setup", full, { password: STAFF_PASSWORD, code: "000000" });
    expect(wrongCode.statusCode).toBe(400);
    expect(
      (
        await post("second-factor/setup", full, {
          password: "not my password",
          code: currentCode(secondFactors.get(WORKER)!.secret),
        })
      ).statusCode,
    ).toBe(400);
    const [before] = await store.db.select().from(staffAccounts).where(eq(staffAccounts.email, WORKER));
    expect(before!.totpPendingSecret).toBeNull();
    // The owner, with both, replaces it: every other session ends, and it is logged.
    await enrol(app, WORKER, full);
    expect((await app.inject({ url: "/api/staff/leads", headers: other.headers })).statusCode).toBe(401);
    expect(await kinds()).toEqual(expect.arrayContaining(["second_factor_replaced", "second_factor_failed"]));
    // Removing it takes the same proof.
    const again = await signIn(app, WORKER);
    expect((await post("second-factor/remove", again, { password: STAFF_PASSWORD })).statusCode).toBe(400);
    const removed = await post("second-factor/remove", again, {
      password: STAFF_PASSWORD,
      code: secondFactors.get(WORKER)!.recoveryCodes.shift()!,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().account.secondFactor).toBe(false);
    expect(await kinds()).toContain("second_factor_removed");
  });

  it("ends a half-signed session after 10 wrong codes, and checks no code for an account after 100 in a row", async () => {
    await enrolled();
    const half = signedInOf(
      await app.inject({
        method: "POST",
        url: "/api/staff/sign-in",
        payload: { email: WORKER, password: STAFF_PASSWORD },
      }),
    );
    await store.db.execute(sql`delete from sign_in_throttles`); // the back-off apart: the hard cap alone
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) {
      answers.push((await post("second-factor/verify", half, { code: String(100000 + i) })).statusCode);
      await store.db.execute(sql`delete from sign_in_throttles`);
    }
    expect(answers.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(answers[10]).toBe(401);
    expect(
      (
        await post("second-factor/verify", half, {
          code: currentCode(secondFactors.get(WORKER)!.secret, Date.now() + 60_000),
        })
      ).statusCode,
    ).toBe(401);
    expect(await kinds()).toContain("second_factor_locked");

    await store.db.update(staffAccounts).set({ secondFactorFailures: 100 }).where(eq(staffAccounts.email, WORKER));
    const next = signedInOf(
      await app.inject({
        method: "POST",
        url: "/api/staff/sign-in",
        payload: { email: WORKER, password: STAFF_PASSWORD },
      }),
    );
    expect(
      (
        await post("second-factor/verify", next, {
          code: currentCode(secondFactors.get(WORKER)!.secret, Date.now() + 60_000),
        })
      ).statusCode,
    ).toBe(400);
  });

  it("stores recovery codes salted and slow, and still takes a code stored before (SHA-256)", async () => {
    await enrolled();
    const rows = await store.db.select().from(staffRecoveryCodes);
    const code = secondFactors.get(WORKER)!.recoveryCodes[0]!;
    expect(rows.every((r) => /^[a-z0-9]{2}:\$argon2id\$/.test(r.codeHash))).toBe(true);
    expect(rows.map((r) => r.codeHash)).not.toContain(legacyRecoveryCodeHash(code));
    // A code issued before selectors (unsalted SHA-256) keeps working, once.
    const [account] = await store.db.select().from(staffAccounts).where(eq(staffAccounts.email, WORKER));
    await store.db
      .insert(staffRecoveryCodes)
      .values({ accountId: account!.id, codeHash: legacyRecoveryCodeHash("abcde-fghjk") });
    const half = signedInOf(
      await app.inject({
        method: "POST",
        url: "/api/staff/sign-in",
        payload: { email: WORKER, password: STAFF_PASSWORD },
      }),
    );
    expect((await post("second-factor/verify", half, { code: "abcde-fghjk" })).statusCode).toBe(200);
    const again = signedInOf(
      await app.inject({
        method: "POST",
        url: "/api/staff/sign-in",
        payload: { email: WORKER, password: STAFF_PASSWORD },
      }),
    );
    expect((await post("second-factor/verify", again, { code: "abcde-fghjk" })).statusCode).toBe(400);
    expect((await post("second-factor/verify", again, { code })).statusCode).toBe(200);
  });
});
