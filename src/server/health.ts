import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { ping } from "./store/database";

declare module "fastify" {
  interface FastifyInstance {
    /** Set when the process starts draining (SIGTERM): readiness answers 503 from then on. */
    lifecycle: { draining: boolean };
  }
}

/** A database that takes longer than this to answer `select 1` is unreachable, for readiness (within HAProxy's 5 s check timeout). */
const READY_PING_MS = 4_000;

async function pingWithin(app: FastifyInstance, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([ping(app.store.db), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health: liveness, ok only after a real query. GET /api/ready: readiness for the load
 * balancer, 503 while this process drains (shutdown.ts) or its database does not answer, so the
 * balancer stops sending it new requests before its listener closes.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get("/api/health", async (_request, reply) => {
    try {
      await ping(app.store.db);
      return { status: "ok", database: app.store.kind };
    } catch (error) {
      app.log.error({ err: error }, "health check query failed");
      return reply.code(503).send({ status: "error", database: app.store.kind });
    }
  });
  app.get("/api/ready", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    if (app.lifecycle.draining) return reply.code(503).send({ status: "draining" });
    try {
      await pingWithin(app, READY_PING_MS);
      return { status: "ready" };
    } catch (error) {
      app.log.warn({ err: error }, "readiness: the database does not answer");
      return reply.code(503).send({ status: "database unreachable" });
    }
  });
};
