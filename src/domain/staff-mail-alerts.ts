import { z } from "zod";

/** A console account's e-mail alerts (decision 0023): a qualified lead, and the day's overdue calls. The console's switch and the API share it. */
export const MailAlertsSchema = z.object({ on: z.boolean("Choose on or off.") }).strict();

/** GET /api/staff/mail-alerts: whether this account's alerts are on, and whether the server sends e-mail at all. */
export interface MailAlertsState {
  on: boolean;
  mailConfigured: boolean;
}
