import { asc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../store/database";
import { leadListConditions } from "../store/console-queries";
import { facilityLeads, mailDigests } from "../store/schema";
import { insertDeliveries } from "../store/submission";
import type { MailSettings } from "./mail-settings";
import { consoleLeadUrl, overdueDigests } from "./mail-triggers";

/** The digest goes out at the first check after this hour (UTC): 13:00 is the start of the US East's working day. */
const DIGEST_HOUR_UTC = 13;
/** How often a server looks whether the day's digest is due. */
const CHECK_EVERY_MS = 60 * 60 * 1000;
/** A digest lists at most this many leads (the oldest first); the console's Due view has them all. */
const DIGEST_MAX_LEADS = 50;

/**
 * Queues the day's digest of overdue calls (decision 0023) unless some server already did: the
 * day's row in mail_digests and its e-mails are written in one transaction, the row's key
 * refusing a second. Answers how many e-mails were queued (0 when it was not due, already
 * queued, or nothing is overdue).
 */
export async function queueOverdueDigest(db: Database, settings: MailSettings, now = new Date()): Promise<number> {
  if (now.getUTCHours() < DIGEST_HOUR_UTC) return 0;
  const day = now.toISOString().slice(0, 10);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(mailDigests)
      .values({ day, queuedAt: now })
      .onConflictDoNothing()
      .returning({ day: mailDigests.day });
    if (claimed.length === 0) return 0;
    const overdue = await tx
      .select({
        id: facilityLeads.id,
        firstName: facilityLeads.firstName,
        facilityName: facilityLeads.facilityName,
        receivedAt: facilityLeads.receivedAt,
      })
      .from(facilityLeads)
      .where(leadListConditions({ due: "call" }, now))
      .orderBy(asc(facilityLeads.receivedAt))
      .limit(DIGEST_MAX_LEADS);
    if (overdue.length === 0) return 0;
    const leads = overdue.map((lead) => ({
      firstName: lead.firstName,
      facilityName: lead.facilityName,
      receivedAt: lead.receivedAt.toISOString(),
      leadUrl: consoleLeadUrl(settings, lead.id),
    }));
    const mails = await overdueDigests(tx, settings, leads);
    // The record of a digest is its day, as a UUID-shaped id (deliveries.record_id is a uuid).
    await insertDeliveries(tx, "staff_digest", dayRecordId(day), mails);
    return mails.length;
  });
}

/** "2026-11-26" -> "00000000-0000-4000-8000-000020261126": one stable id per day. */
const dayRecordId = (day: string) => `00000000-0000-4000-8000-0000${day.replace(/-/g, "")}`;

/** Looks at start and then hourly; stops with the app. */
export function startOverdueDigest(app: FastifyInstance): { stop(): void } {
  const check = () => {
    queueOverdueDigest(app.store.db, app.mail!)
      .then((queued) => {
        if (queued > 0) {
          app.log.info({ emails: queued }, "the day's digest of overdue calls is queued");
          app.outbox?.wake();
        }
      })
      .catch((error: unknown) => app.log.error({ err: error }, "queuing the digest of overdue calls failed"));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    check();
    timer = setInterval(check, CHECK_EVERY_MS);
    timer.unref();
  });
  return { stop: () => clearInterval(timer) };
}
