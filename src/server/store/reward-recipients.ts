import { eq } from "drizzle-orm";
import type { Database } from "./database";
import { facilityLeads } from "./schema";

/** The recipient staff see first and an automatic card goes to: the lead's work address. */
export async function defaultRecipient(
  db: Database,
  leadId: string,
): Promise<{ name: string; email: string } | undefined> {
  const [row] = await db
    .select({
      firstName: facilityLeads.firstName,
      lastName: facilityLeads.lastName,
      email: facilityLeads.email,
    })
    .from(facilityLeads)
    .where(eq(facilityLeads.id, leadId));
  if (!row) return undefined;
  // The work address, never the chat's gift-card e-mail: that one is another recipient, chosen by a person (issue 37).
  return { name: `${row.firstName} ${row.lastName}`.trim(), email: row.email };
}
