import type { FastifyInstance } from "fastify";

/**
 * The drain: readiness turns 503 at once (health.ts), the process keeps answering for
 * DRAIN_DELAY_MS so the load balancer sees it and sends it nothing new, then the listener closes;
 * requests in flight and those already read on open connections are answered (never a 503 for
 * closing), each response while draining says `Connection: close`, and idle keep-alive
 * connections are closed as they become idle, so the process exits as soon as its last answer is sent.
 */
export function registerDrain(app: FastifyInstance): void {
  app.decorate("lifecycle", { draining: false });
  app.addHook("onSend", async (_request, reply) => {
    if (app.lifecycle.draining) reply.header("connection", "close");
  });
}

/** How often idle connections are looked for and closed while the server closes. */
const IDLE_SWEEP_MS = 100;

/** Drains then closes the app; resolves when it has closed (the caller exits). */
export async function drainAndClose(app: FastifyInstance, drainDelayMs: number): Promise<void> {
  app.lifecycle.draining = true;
  app.log.info({ drainDelayMs }, "draining: readiness answers 503");
  await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
  app.log.info("draining: the listener closes");
  const idle = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    await app.close();
  } finally {
    clearInterval(idle);
  }
}
