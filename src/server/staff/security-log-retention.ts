import type { FastifyInstance } from "fastify";
import { deleteExpiredSecurityEvents } from "../store/security-events-repository";
import { DEVICE_LIFETIME_MS, deleteExpiredDevices } from "../store/staff-repository";
import { onceAcrossFleet } from "../store/fleet-lock";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * SECURITY_LOG_RETENTION_DAYS (decision 0026), applied daily: security events older than the period
 * (through the one DELETE path the log's trigger allows), and remembered devices unused past their
 * lifetime or the period, whichever is shorter. Returns what was deleted.
 */
export async function applyRetention(
  app: FastifyInstance,
  now = new Date(),
): Promise<{ events: number; devices: number }> {
  const cutoff = new Date(now.getTime() - app.config.SECURITY_LOG_RETENTION_DAYS * DAY_MS);
  const deviceCutoff = new Date(Math.max(cutoff.getTime(), now.getTime() - DEVICE_LIFETIME_MS));
  const events = await deleteExpiredSecurityEvents(app.store.db, cutoff);
  const devices = await deleteExpiredDevices(app.store.db, deviceCutoff);
  return { events, devices };
}

/** Runs applyRetention when the server is ready and then once a day, until it closes. */
export function startRetention(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      const deleted = (await onceAcrossFleet(app.store, "security-log-retention", () => applyRetention(app))) ?? {
        events: 0,
        devices: 0,
      };
      if (deleted.events + deleted.devices > 0)
        app.log.info(deleted, "security log and devices past retention deleted");
    } catch (error) {
      app.log.warn({ err: error }, "security log retention failed");
    }
  };
  app.addHook("onReady", async () => {
    void run();
    timer = setInterval(() => void run(), DAY_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));
}
