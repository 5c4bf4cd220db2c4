import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { MailAlertsSchema, type MailAlertsState } from "../../domain/staff-mail-alerts";
import { staffAccounts } from "../store/schema";
import { parseBody } from "../validation";

/**
 * One's own e-mail alerts (decision 0023): an account that turns them on hears of every qualified
 * lead and, daily, of overdue calls, as the STAFF_ALERT_EMAILS addresses do. Its own address only.
 */
export async function registerStaffMailAlerts(app: FastifyInstance): Promise<void> {
  const db = () => app.store.db;

  app.get("/api/staff/mail-alerts", async (request) => {
    const [row] = await db()
      .select({ on: staffAccounts.mailAlerts })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, request.staff!.account.id));
    return { on: row?.on ?? false, mailConfigured: app.mail !== undefined } satisfies MailAlertsState;
  });

  app.put("/api/staff/mail-alerts", async (request, reply) => {
    const body = parseBody(MailAlertsSchema, request.body, reply, { error: "first-message" });
    if (!body) return reply;
    await db()
      .update(staffAccounts)
      .set({ mailAlerts: body.on })
      .where(eq(staffAccounts.id, request.staff!.account.id));
    return { on: body.on, mailConfigured: app.mail !== undefined } satisfies MailAlertsState;
  });
}
