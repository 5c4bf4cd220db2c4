import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../store/database";
import { deliveries, staffAccounts } from "../store/schema";
import { insertDeliveries } from "../store/submission";
import { mailDelivery } from "./mail-deliveries";
import type { StaffAutoPayPausedData } from "./mail-kinds";
import type { MailSettings } from "./mail-settings";

/**
 * "Automatic gift cards are paused" (decision 0040): when a lead the registries would verify meets a
 * ceiling (VERIFICATION_AUTO_PAY_DAILY_LIMIT, REWARDS_MONTHLY_LIMIT_USD), the admins (and
 * STAFF_ALERT_EMAILS) get one e-mail through the outbox: once per ceiling a UTC day (the daily
 * one) or a month (the monthly one), however many leads wait. Written in the caller's
 * transaction; a lock and the delivery's own record id keep it to one under concurrency.
 */
export async function queueAutoPayPaused(
  tx: Database,
  settings: MailSettings,
  ceiling: StaffAutoPayPausedData["ceiling"],
  limit: number,
  now: Date,
): Promise<number> {
  const period = ceiling === "daily" ? now.toISOString().slice(0, 10) : `${now.toISOString().slice(0, 7)}-01`;
  // A UUID-shaped id per ceiling and period (deliveries.record_id is a uuid).
  const recordId = `00000000-0000-4000-${ceiling === "daily" ? "8001" : "8002"}-0000${period.replace(/-/g, "")}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`auto-pay-paused:${recordId}`}))`);
  const destination = "mail:staff_auto_pay_paused";
  if (
    (await tx.$count(deliveries, and(eq(deliveries.destination, destination), eq(deliveries.recordId, recordId)))) > 0
  )
    return 0;
  const admins = await tx
    .select({ email: staffAccounts.email })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.role, "admin"), isNull(staffAccounts.disabledAt)));
  const seen = new Map<string, string>();
  for (const address of [...admins.map((a) => a.email), ...settings.staffAlertEmails])
    if (!seen.has(address.toLowerCase())) seen.set(address.toLowerCase(), address);
  const data: StaffAutoPayPausedData = { ceiling, limit, listUrl: `${settings.brand.siteUrl}/staff?view=due` };
  const mails = [...seen.values()].map((to) => mailDelivery({ kind: "staff_auto_pay_paused", to, data }));
  await insertDeliveries(tx, "staff_digest", recordId, mails);
  return mails.length;
}
