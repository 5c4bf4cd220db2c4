/**
 * Where a reward's recipient address came from, so Approvals and the security log
 * describe it truthfully: the lead's own work address, the gift-card address the lead typed in
 * the chat, or an address a member of staff typed. Compared without case or surrounding spaces.
 */

const RECIPIENT_ORIGINS = ["work_address", "chat_gift_card", "typed_by_staff"] as const;
export type RecipientOrigin = (typeof RECIPIENT_ORIGINS)[number];

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The origin of `recipient` for a lead with this work address and these gift-card addresses from the chat. */
export function recipientOrigin(
  recipient: string,
  lead: { email: string; giftCardEmails: readonly string[] },
): RecipientOrigin {
  if (same(recipient, lead.email)) return "work_address";
  if (lead.giftCardEmails.some((given) => same(recipient, given))) return "chat_gift_card";
  return "typed_by_staff";
}

export const isRecipientOrigin = (value: unknown): value is RecipientOrigin =>
  typeof value === "string" && (RECIPIENT_ORIGINS as readonly string[]).includes(value);

/** The recipient in words, inside a sentence ("…e-mailed to …, the gift-card address the lead typed in the chat"). */
export const RECIPIENT_ORIGIN_WORDS: Record<RecipientOrigin, string> = {
  work_address: "the lead's own work address",
  chat_gift_card: "the gift-card address the lead typed in the chat, not the confirmed work address",
  typed_by_staff: "an address typed by staff, neither the lead's work address nor the one given in the chat",
};
