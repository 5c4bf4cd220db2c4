import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { Config } from "./config";
import { adminRoutes } from "./routes/admin";
import { healthRoutes } from "./routes/health";
import { leadRoutes } from "./routes/leads";
import { nurseApplicationRoutes } from "./routes/nurse-applications";
import { pageRoutes, readBuiltSite } from "./routes/pages";
import { staffRoutes } from "./routes/staff";
import { integrationOrigins } from "./integration-origins";
import { registerAbuseProtection } from "./abuse-protection";
import { destinationUrls, type Destination } from "./outbox/destinations";
import { OutboxWorker, type OutboxOptions } from "./outbox/outbox-worker";
import { contentSecurityPolicy } from "./security-headers";
import { openStore, type Store } from "./store/database";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    store: Store;
    /** The configured forwarding destinations (each off when unset). */
    destinations: Partial<Record<Destination, string>>;
    /** The outbox sender of this process, when forwarding is on and not disabled. */
    outbox: OutboxWorker | undefined;
  }
}

/**
 * Personal data never reaches the logs: request bodies are not logged (Fastify logs method,
 * url, status), and these paths are censored wherever an object with them is logged.
 */
export const LOG_REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  ...["firstName", "lastName", "email", "phone", "name", "facilityName", "zipCode", "message", "body", "payload"].flatMap(
    (key) => [key, `*.${key}`],
  ),
];

/** 16 KB: far above any real form, small enough that a flood costs little. */
export const BODY_LIMIT = 16 * 1024;

export interface BuildOptions {
  /** Use this store instead of opening one from the config (tests share one). */
  store?: Store;
  logger?: FastifyServerOptions["logger"];
  /** The outbox sender: false for none (tests that only store), or options for a fast schedule. */
  outbox?: false | Partial<Omit<OutboxOptions, "db" | "log">>;
  /** A Redis key prefix for the rate limit (tests keep their counts apart). */
  rateLimitNamespace?: string;
}

/** Builds the app without listening: `server.ts` listens, tests call `inject`. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL, redact: { paths: LOG_REDACT_PATHS, censor: "[redacted]" } },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    onProtoPoisoning: "error",
    onConstructorPoisoning: "error",
  });

  const store = options.store ?? (await openStore({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  app.decorate("config", config);
  app.decorate("store", store);
  const destinations = destinationUrls(config);
  app.decorate("destinations", destinations);
  let outbox: OutboxWorker | undefined;
  if (Object.keys(destinations).length === 0) {
    app.log.info("forwarding is off: no QUALIFY_WEBHOOK_URL, HOMEPAGE_WEBHOOK_URL, NURSE_FORM_URL or PIPELINE_WEBHOOK_URL; leads are kept in the database");
  } else if (options.outbox !== false) {
    outbox = new OutboxWorker({
      db: store.db,
      log: app.log,
      retryBaseMs: config.OUTBOX_RETRY_BASE_MS,
      signingSecret: config.WEBHOOK_SIGNING_SECRET,
      ...options.outbox,
    });
    app.log.info({ destinations: Object.keys(destinations) }, "forwarding is on");
  }
  app.decorate("outbox", outbox);
  if (outbox) app.addHook("onReady", async () => outbox.start());
  app.addHook("onClose", async () => {
    await outbox?.stop(); // the attempts in flight are recorded before the store closes
    if (!options.store) await store.close();
  });

  // JSON only: anything else is 415 (Fastify parses text/plain by default; we do not).
  app.removeContentTypeParser(["text/plain"]);

  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, "request failed");
    const message = status === 500 ? "Something went wrong. Please try again." : error.message;
    return reply.code(status).send({ error: message });
  });

  const site = readBuiltSite(config.BUILD_DIR);
  await app.register(helmet, {
    contentSecurityPolicy: { directives: contentSecurityPolicy({ inlineScripts: site?.inlineScripts ?? [], extra: integrationOrigins(config) }) },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await registerAbuseProtection(app, config, { rateLimitNamespace: options.rateLimitNamespace });

  // The staff console and its API: never stored by a browser or proxy, never indexed.
  app.addHook("onSend", async (request, reply) => {
    if (isStaffPath(request.url)) {
      reply.header("cache-control", "no-store");
      reply.header("x-robots-tag", "noindex, nofollow");
    }
  });

  await app.register(healthRoutes);
  await app.register(leadRoutes);
  await app.register(nurseApplicationRoutes);
  if (config.ADMIN_TOKEN) await app.register(adminRoutes, { token: config.ADMIN_TOKEN });
  await app.register(staffRoutes, { pipelineWebhookUrl: config.PIPELINE_WEBHOOK_URL });
  await app.register(pageRoutes, { site });
  return app;
}

/** /staff (the console's page) and /api/staff/* (its API). */
export const isStaffPath = (url: string) => /^\/(api\/)?staff(\/|\?|$)/.test(url);
