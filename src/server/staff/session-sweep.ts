import type { FastifyInstance } from "fastify";
import { deleteForgottenThrottles } from "./sign-in-throttles-repository";
import { deleteExpiredSessions, type SessionLimits } from "../store/staff-repository";
import { onceAcrossFleet } from "../store/fleet-lock";

/** How often the server deletes expired sessions and forgotten throttles. */
const SWEEP_EVERY_MS = 5 * 60 * 1000;

/** Runs `sweepOnce` when the server is ready and then every SWEEP_EVERY_MS, until it closes. */
export function startSessionSweep(app: FastifyInstance, limits: SessionLimits, everyMs = SWEEP_EVERY_MS): void {
  let timer: NodeJS.Timeout | undefined;
  const sweep = async () => {
    try {
      const deleted = (await onceAcrossFleet(app.store, "staff-session-sweep", () => sweepOnce(app, limits))) ?? 0;
      if (deleted > 0) app.log.info({ deleted }, "expired staff sessions deleted");
    } catch (error) {
      app.log.warn({ err: error }, "staff session sweep failed");
    }
  };
  app.addHook("onReady", async () => {
    void sweep();
    timer = setInterval(() => void sweep(), everyMs);
    timer.unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));
}

export async function sweepOnce(app: FastifyInstance, limits: SessionLimits, now = new Date()): Promise<number> {
  const deleted = await deleteExpiredSessions(app.store.db, limits, now);
  await deleteForgottenThrottles(app.store.db, now);
  return deleted;
}
