import compress from "@fastify/compress";
import helmet from "helmet";
import Fastify, { type FastifyInstance, type RouteOptions } from "fastify";
import type { Config } from "./config";
import { loggerOptions, type LoggerOverrides } from "./logging";
import { leadsAdminRoutes, leadsPublicRoutes } from "./leads";
import { healthRoutes } from "./health";
import { registerDrain } from "./shutdown";
import { backupRoutes } from "./backup-routes";
import { privacyPublicRoutes, startRetention } from "./privacy";
import { voicePublicRoutes, voiceEventRoutes } from "./voice";
import { workEmailPublicRoutes } from "./work-email";
import { pageRoutes, readBuiltSite } from "./page-routes";
import { staffRoutes } from "./staff";
import { reportsPublicRoutes } from "./reports";
import { refuseUntypeableText } from "./validation";
import { integrationOrigins } from "./integration-origins";
import { registerJsonBodyParser } from "./json-body";
import { registerAbuseProtection } from "./abuse-protection";
import { connectionIsFromProxy, fastifyTrustProxy } from "./client-address";
import { destinationUrls, type Destination, OutboxWorker, type OutboxOptions } from "./outbox";
import { Metrics, metricsRoutes } from "./metrics";
import { isConsoleRequest } from "./console-request-paths";
import { registerConsoleOrigin } from "./console-origin";
import { consoleContentSecurityPolicy, contentSecurityPolicy } from "./security-headers";
import { limitConnectionsPerIp, serverTimeouts } from "./slow-clients";
import { openStore, pgliteTemplateFile, type Store } from "./store/database";
import { pendingByDestination } from "./store/deliveries-repository";
import { setUpRewards } from "./rewards";
import { setUpVerification, type VerificationDeps } from "./verification";
import type { Resolver } from "./public-address";
import { workAddressConfirmedAt } from "./store/work-email-codes-repository";
import {
  mailSettingsOf,
  mayMailAddress,
  type MailSettings,
  SmtpSender,
  startOverdueDigest,
  workEmailCodeMail,
} from "./mail";
import { setUpBookings } from "./bookings";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    store: Store;
    /** The configured forwarding destinations (each off when unset). */
    destinations: Partial<Record<Destination, string>>;
    /** The outbox sender of this process, when forwarding is on and not disabled. */
    outbox: OutboxWorker | undefined;
    /** E-mail's settings when SMTP_URL is set (decision 0023); undefined: nothing is written or sent. */
    mail: MailSettings | undefined;
    /** The retention job, when RETENTION_JOB is on: `runNow` for the admin API. */
    retention: ReturnType<typeof startRetention> | undefined;
    /** This app's counters and their registry (GET /metrics). */
    metrics: Metrics;
    /**
     * Told when a lead's work address is confirmed (decision 0029), so verification can run at
     * once; a no-op unless set.
     */
    onWorkAddressConfirmed: (leadId: string) => void;
  }
}

/** 16 KB: far above any real form, small enough that a flood costs little. */
const BODY_LIMIT = 16 * 1024;

export interface BuildOptions {
  /** Use this store instead of opening one from the config (tests share one). */
  store?: Store;
  /** Where log lines go and at what level (tests); redaction and the error serializer always apply. */
  logger?: LoggerOverrides;
  /** The outbox sender: false for none (tests that only store), or options for a fast schedule. */
  outbox?: false | Partial<Omit<OutboxOptions, "db" | "log">>;
  /** A Redis key prefix for the rate limit (tests keep their counts apart). */
  rateLimitNamespace?: string;
  /** In place of the config's verification dependencies (tests: `workAddressConfirmedAt`, a resolver). */
  verification?: Partial<VerificationDeps>;
  /** Told of every route as it is registered (tests enumerate the API from the app itself). */
  onRoute?: (route: RouteOptions) => void;
  /** Told when a lead's work address is confirmed (decision 0029): the verification runner's entry. */
  onWorkAddressConfirmed?: (leadId: string) => void;
  /** In place of the system's DNS for CalDAV hosts (tests: a name resolving to a private address). */
  caldavResolver?: Resolver;
  /** The spots figure's cache age and clock (tests). */
  reports?: { spotsMaxAgeMs?: number; clock?: () => Date };
}

/** Builds the app without listening: `server.ts` listens, tests call `inject`. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options.logger),
    bodyLimit: BODY_LIMIT,
    // request.ip is the client's address everywhere (rate limits, consent proof, sign-in throttle): see client-address.ts.
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true },
    onProtoPoisoning: "error",
    onConstructorPoisoning: "error",
    // While closing, requests already read on open connections are answered, not refused (shutdown.ts).
    return503OnClosing: false,
    ...serverTimeouts(config),
  });
  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  registerDrain(app);
  if (config.MAX_CONNECTIONS_PER_IP > 0)
    limitConnectionsPerIp(app.server, config.MAX_CONNECTIONS_PER_IP, connectionIsFromProxy(config.TRUST_PROXY));

  const store =
    options.store ??
    (await openStore({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      templateFile: pgliteTemplateFile(config.BUILD_DIR),
      migrate: config.MIGRATE_AT_START,
    }));
  app.decorate("config", config);
  app.decorate("store", store);
  const destinations = destinationUrls(config);
  app.decorate("destinations", destinations);
  const mail = mailSettingsOf(config);
  app.decorate("mail", mail);
  const metrics = new Metrics({
    destinations: Object.keys(destinations),
    mail: mail !== undefined,
    pending: () => pendingByDestination(store.db),
  });
  app.decorate("metrics", metrics);
  // A confirmed work address is verified at once (the runner's nudge never throws; without the runner, the next check reads it).
  app.decorate(
    "onWorkAddressConfirmed",
    options.onWorkAddressConfirmed ?? ((leadId: string) => void app.verification?.nudge(leadId)),
  );
  app.addHook("onResponse", async (request, reply) =>
    metrics.httpRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000),
  );
  let outbox: OutboxWorker | undefined;
  if (Object.keys(destinations).length === 0) {
    app.log.info(
      "forwarding is off: no QUALIFY_WEBHOOK_URL, HOMEPAGE_WEBHOOK_URL, NURSE_FORM_URL, QUALIFICATION_WEBHOOK_URL or PIPELINE_WEBHOOK_URL; leads are kept in the database",
    );
  }
  if (!mail) app.log.info("e-mail is off: no SMTP_URL; nothing is sent");
  const mailer = mail && options.outbox !== false ? new SmtpSender(config, mail) : undefined;
  if ((Object.keys(destinations).length > 0 || mail) && options.outbox !== false) {
    outbox = new OutboxWorker({
      db: store.db,
      log: app.log,
      retryBaseMs: config.OUTBOX_RETRY_BASE_MS,
      signingSecret: config.WEBHOOK_SIGNING_SECRET,
      metrics,
      mailer,
      ...options.outbox,
    });
    app.log.info({ destinations: Object.keys(destinations), mail: mail !== undefined }, "forwarding is on");
  }
  app.decorate("outbox", outbox);
  if (outbox) app.addHook("onReady", async () => outbox.start());
  const digest = mail && options.outbox !== false ? startOverdueDigest(app) : undefined;
  const retention = config.RETENTION_JOB
    ? startRetention(app, {
        spamDays: config.RETENTION_SPAM_DAYS,
        deliveredDays: config.RETENTION_DELIVERED_DAYS,
        leadMonths: config.RETENTION_LEAD_MONTHS,
      })
    : undefined;
  app.decorate("retention", retention);
  app.addHook("onClose", async () => {
    digest?.stop();
    retention?.stop();
    await outbox?.stop(); // the attempts in flight are recorded before the store closes
    mailer?.close();
    if (!options.store) await store.close();
  });

  // JSON only: anything else is 415 (Fastify parses text/plain by default; we do not). JSON
  // nested deeper than any body needs is a 400 before anything parses or walks it.
  app.removeContentTypeParser(["text/plain"]);
  registerJsonBodyParser(app);

  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, "request failed");
    const message = status === 500 ? "Something went wrong. Please try again." : error.message;
    return reply.code(status).send({ error: message });
  });

  const site = readBuiltSite(config.BUILD_DIR);
  // Helmet's middleware built once (its wrapper plugin built it again, re-parsing the CSP, for
  // every request: 3 % of the server's time under the lead load), its headers set on each response.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: contentSecurityPolicy({
        inlineScripts: site?.inlineScripts ?? [],
        extra: integrationOrigins(config),
      }),
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await registerAbuseProtection(app, config, { rateLimitNamespace: options.rateLimitNamespace });
  refuseUntypeableText(app); // every route registered below, later ones included

  // The staff console and its API: never stored by a browser or proxy, never indexed, and
  // under its own CSP, which names no integration (docs/decisions/0015).
  registerConsoleOrigin(app);
  const consoleCsp = consoleContentSecurityPolicy(site?.inlineScriptsByPage.get("/staff") ?? []);
  app.addHook("onSend", async (request, reply) => {
    if (isConsoleRequest(request)) {
      reply.header("cache-control", "no-store");
      reply.header("x-robots-tag", "noindex, nofollow");
      reply.header("content-security-policy", consoleCsp);
    }
  });

  await app.register(healthRoutes);
  await app.register(leadsPublicRoutes);
  await app.register(workEmailPublicRoutes, { mailer: { workEmailCodeMail, mayMailAddress } });
  await setUpBookings(app, { resolver: options.caldavResolver }); // before the staff routes, which register its console side
  await app.register(privacyPublicRoutes);
  await app.register(voicePublicRoutes);
  await app.register(reportsPublicRoutes, options.reports ?? {});
  if (config.VOICE_WEBHOOK_SECRET)
    await app.register(voiceEventRoutes, {
      secret: config.VOICE_WEBHOOK_SECRET,
      header: config.VOICE_WEBHOOK_SECRET_HEADER,
    });
  if (config.ADMIN_TOKEN) {
    await app.register(leadsAdminRoutes, { token: config.ADMIN_TOKEN });
    await app.register(backupRoutes, { token: config.ADMIN_TOKEN });
  }
  await setUpRewards(app, config, store); // before the staff routes, which order through it
  setUpVerification(app, config, store, options.verification); // orders through app.rewards
  if (config.METRICS_TOKEN) await app.register(metricsRoutes, { token: config.METRICS_TOKEN });
  await app.register(staffRoutes, { pipelineWebhookUrl: config.PIPELINE_WEBHOOK_URL, workAddressConfirmedAt });
  await app.register(pageRoutes, { site });
  return app;
}
