import { eq } from "drizzle-orm";
import type { Database } from "./database";
import { chatQualifications, facilityLeads } from "./schema";
import { recipientOrigin, type RecipientOrigin } from "../../domain/recipient-origin";

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
  // The work address, never the chat's gift-card e-mail: that one is another recipient, chosen by a
  // person (decision 0040).
  return { name: `${row.firstName} ${row.lastName}`.trim(), email: row.email };
}

/** Where a recipient address came from: the lead's work address, its chat's gift-card address, or staff's. */
export async function recipientOriginOf(db: Database, leadId: string, recipient: string): Promise<RecipientOrigin> {
  const [row] = await db
    .select({
      email: facilityLeads.email,
      giftCardEmails: chatQualifications.giftCardEmails,
      answers: chatQualifications.answers,
    })
    .from(facilityLeads)
    .leftJoin(chatQualifications, eq(chatQualifications.leadId, facilityLeads.id))
    .where(eq(facilityLeads.id, leadId));
  if (!row) return "typed_by_staff";
  return recipientOrigin(recipient, { email: row.email, giftCardEmails: giftCardAddresses(row) });
}

/** Every gift-card address the chat holds: each one given, and the answer as it stands. */
export const giftCardAddresses = (row: {
  giftCardEmails: { value: string }[] | null;
  answers: Record<string, string> | null;
}): string[] =>
  [...(row.giftCardEmails ?? []).map((given) => given.value), row.answers?.giftCardEmail ?? ""].filter(Boolean);
