import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { UNTYPEABLE_TEXT_MESSAGE, findUntypeableText } from "../../domain/text";
import { SignInSchema } from "../../domain/staff-requests";
import type { SessionAnswer, SignedIn, SignedOut } from "../../domain/staff-console-api";
import { clientAddress, clientAddressKey } from "../client-address";
import { safeEqual } from "../constant-time";
import { deviceIdOf, setDeviceCookie } from "./device-cookie";
import { decoyWork, verifyPassword } from "./passwords";
import { clearSessionCookie, sessionIdOf, setSessionCookie } from "./session-cookie";
import { startSessionSweep } from "./session-sweep";
import { startRetention } from "./security-log-retention";
import {
  addressSubject,
  deviceSubject,
  forgiveTries,
  pairSubject,
  takeTries,
  trustedDeviceOf,
} from "./sign-in-throttle";
import { registerStaffRateLimit } from "./staff-rate-limit";
import { STAFF_MESSAGES } from "../staff-messages";
import { recordSecurityEvent, type SecurityEventInput } from "../store/security-events-repository";
import { PUBLIC_ROUTES, STAGE_ROUTES, isConsoleRead, isSentByConsole } from "./staff-request-kinds";
import { parseBody } from "../validation";
import {
  createDevice,
  createSession,
  touchDevice,
  deleteSession,
  findAccountByEmail,
  findSession,
  type SessionLimits,
  type SessionStage,
  type StaffAccount,
  type StaffAccountRow,
  type StaffSession,
} from "../store/staff-repository";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in staff member (set on every /api/staff route but sign-in). */
    staff?: StaffSession;
  }
  interface FastifyInstance {
    /** Signs the request's browser in at a stage (a fresh session id), and remembers the device once fully in. */
    startStaffSession: (
      request: FastifyRequest,
      reply: FastifyReply,
      account: StaffAccount,
      stage: SessionStage,
    ) => Promise<SignedInBody>;
    /** Writes a security event with the request's client address and signed-in account. */
    securityEvent: (request: FastifyRequest, event: Omit<SecurityEventInput, "clientIp">) => Promise<void>;
  }
}

/** What sign-in, a code and a new password answer: the shared type, every field given. */
type SignedInBody = Required<SignedIn> & { account: Required<SignedIn["account"]> };

const sessionLimitsOf = (app: FastifyInstance): SessionLimits => ({
  idleMs: app.config.STAFF_SESSION_IDLE_MINUTES * 60_000,
  absoluteMs: app.config.STAFF_SESSION_ABSOLUTE_HOURS * 3_600_000,
});

/** Whether an account must set up a second factor before using the console. */
export const mustEnrol = (app: FastifyInstance, account: Pick<StaffAccount, "role" | "secondFactor">) =>
  !account.secondFactor && (account.role === "admin" || app.config.STAFF_REQUIRE_SECOND_FACTOR);

const signedInBody = (account: StaffAccount, csrfToken: string, stage: SessionStage): SignedInBody => ({
  account: { email: account.email, role: account.role, secondFactor: account.secondFactor },
  csrfToken,
  stage,
});

/** The metrics label of a throttled try: what the back-off counted it against (a closed set). */
function throttledBy(detail: SecurityEventInput["detail"]): string {
  const by = detail?.["by"];
  return by === "address" || by === "account" || by === "device" ? by : "other";
}

/**
 * Sessions for the console's API (registered inside its scope): every route but sign-in needs
 * a live session (401) at the stage the route belongs to, and every change the session's CSRF
 * token in X-CSRF-Token (403). The cross-site Origin check of every /api write is in abuse-protection.ts.
 */
export async function registerStaffAuth(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  registerStaffRateLimit(app);
  const db = () => app.store.db;
  startSessionSweep(app, sessionLimitsOf(app));
  startRetention(app);

  app.decorate("securityEvent", async (request: FastifyRequest, event: Omit<SecurityEventInput, "clientIp">) => {
    await recordSecurityEvent(db(), {
      actorEmail: request.staff?.account.email,
      ...event,
      clientIp: clientAddress(request),
    });
    // The sign-in metrics follow the security log: every failure and every throttled try, wherever it happened.
    if (event.kind === "sign_in_failed") app.metrics.signInFailed();
    if (event.kind === "sign_in_throttled") app.metrics.signInThrottled(throttledBy(event.detail));
  });

  app.decorate(
    "startStaffSession",
    async (request: FastifyRequest, reply: FastifyReply, account: StaffAccount, stage: SessionStage) => {
      // A fresh session id at every step of signing in; the one the browser held before (if any) is ended.
      const previous = sessionIdOf(request);
      if (previous) await deleteSession(db(), previous);
      // A re-issued session (the code after the password, a changed password or factor) keeps the
      // sign-in's start: its absolute lifetime is never renewed (decision 0026).
      const startedAt = request.staff?.account.id === account.id ? request.staff.startedAt : new Date();
      const { sessionId, csrfToken } = await createSession(db(), account.id, stage, startedAt);
      setSessionCookie(request, reply, sessionId, sessionLimitsOf(app), startedAt);
      if (stage === "full") {
        // Fully in: the device is remembered for another 180 days (the same cookie renewed), or a new one given.
        const deviceId = deviceIdOf(request);
        const device = await trustedDeviceOf(db(), deviceId, account.id);
        if (device && deviceId) await touchDevice(db(), device);
        setDeviceCookie(request, reply, device && deviceId ? deviceId : await createDevice(db(), account.id));
      }
      return signedInBody(account, csrfToken, stage);
    },
  );

  app.addHook("onRequest", async (request, reply) => {
    const route = request.routeOptions.url ?? "";
    if (PUBLIC_ROUTES.has(route)) return;
    const sessionId = sessionIdOf(request);
    const session = sessionId ? await findSession(db(), sessionId, sessionLimitsOf(app)) : undefined;
    if (!session) return reply.code(401).send({ error: STAFF_MESSAGES.signInRequired });
    if (session.stage !== "full" && !STAGE_ROUTES[session.stage].has(route))
      return reply.code(401).send({ error: STAFF_MESSAGES.finishSignIn });
    request.staff = session;
    const changes = !["GET", "HEAD", "OPTIONS"].includes(request.method);
    if (!changes && !isConsoleRead(request, route)) return reply.code(403).send({ error: STAFF_MESSAGES.consoleOnly });
    if (changes && !safeEqual(request.headers["x-csrf-token"], session.csrfToken)) {
      return reply.code(403).send({ error: STAFF_MESSAGES.csrfMissing });
    }
  });

  // Searches and filters in the query string get the same refusal as bodies (src/server/validation.ts).
  app.addHook("preValidation", async (request, reply) => {
    const path = findUntypeableText(request.query);
    if (path)
      return reply
        .code(400)
        .send({ error: UNTYPEABLE_TEXT_MESSAGE, fields: { [String(path[0] ?? "_form")]: UNTYPEABLE_TEXT_MESSAGE } });
  });

  const refuse = (reply: FastifyReply) => reply.code(401).send({ error: STAFF_MESSAGES.signInFailed });

  /**
   * One answer (401, the same words) for a wrong password, an unknown e-mail, a disabled
   * account and a throttled try. The try is counted before the password is checked.
   */
  app.post("/api/staff/sign-in", async (request, reply) => {
    const parsed = parseBody(SignInSchema, request.body, reply, { refusal: { error: STAFF_MESSAGES.signInFailed } });
    if (!parsed) return reply;
    const { email, password } = parsed;
    const account: StaffAccountRow | undefined = await findAccountByEmail(db(), email);
    const device = await trustedDeviceOf(db(), deviceIdOf(request), account?.id);
    // Counted per device cookie, else per client (IPv6: its /64) and per e-mail from that client:
    // strangers' failures elsewhere never close the way in to the owner's right password (decision 0026).
    const address = clientAddressKey(request);
    const subjects = device
      ? [deviceSubject(device, account!.email)]
      : [addressSubject(address), pairSubject(email, address)];
    const waiting = await takeTries(db(), subjects);
    if (waiting) {
      // The same work as a checked password (argon2 against the decoy): the time tells nothing.
      await decoyWork(password);
      await app.securityEvent(request, {
        kind: "sign_in_throttled",
        subjectEmail: account?.email,
        detail: { by: waiting.kind },
        collapse: waiting.key,
      });
      request.log.info({ by: waiting.kind }, "staff sign-in throttled");
      return refuse(reply);
    }
    const valid = await verifyPassword(account?.passwordHash, password);
    if (!account || !valid || account.disabledAt) {
      await app.securityEvent(request, {
        kind: "sign_in_failed",
        subjectEmail: account?.email,
        detail: { account: account ? (account.disabledAt ? "disabled" : "known") : "unknown", device: Boolean(device) },
      });
      request.log.info("staff sign-in failed");
      return refuse(reply);
    }
    await forgiveTries(db(), subjects);
    const publicAccount = {
      id: account.id,
      email: account.email,
      role: account.role === "admin" ? "admin" : "staff",
      createdAt: account.createdAt,
      disabledAt: null,
      secondFactor: account.totpSecret !== null,
    } as const;
    const stage: SessionStage = publicAccount.secondFactor
      ? "second_factor"
      : mustEnrol(app, publicAccount)
        ? "enrol"
        : "full";
    await app.securityEvent(request, {
      kind: "sign_in",
      actorEmail: account.email,
      detail: { stage, device: Boolean(device) },
    });
    return app.startStaffSession(request, reply, publicAccount, stage);
  });

  app.get("/api/staff/session", async (request, reply) => {
    if (!isSentByConsole(request)) return reply.code(403).send({ error: STAFF_MESSAGES.consoleOnly });
    const sessionId = sessionIdOf(request);
    const session = sessionId ? await findSession(db(), sessionId, sessionLimitsOf(app)) : undefined;
    if (!session) return { account: null } satisfies SessionAnswer;
    return signedInBody(session.account, session.csrfToken, session.stage) satisfies SessionAnswer;
  });

  app.post("/api/staff/sign-out", async (request, reply) => {
    const sessionId = sessionIdOf(request);
    if (sessionId) await deleteSession(db(), sessionId);
    await app.securityEvent(request, { kind: "sign_out" });
    clearSessionCookie(request, reply);
    return { signedOut: true } satisfies SignedOut;
  });
}
