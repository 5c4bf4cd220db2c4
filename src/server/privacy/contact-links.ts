import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { ONE_CLICK_API } from "../../domain/do-not-contact";
import type { Database } from "../store/database";
import { hashToken } from "../store/qualification-tokens";
import { contactLinks } from "../store/schema";

/**
 * The "Stop contacting me" link of every e-mail to a lead (issue 33): a random token stored as
 * its hash with the lead it stands for, in the transaction that writes the e-mail. The page
 * carries it in its fragment (never sent in a request line, never logged); the List-Unsubscribe
 * one-click address carries it in its query (the logs hold paths only).
 */

/** A new link token (not yet stored): 32 random bytes, base64url. */
export const newContactToken = () => randomBytes(32).toString("base64url");

/** Makes a link token for a lead and stores its hash (in the caller's transaction). */
export async function issueContactLink(
  db: Database,
  leadId: string,
  now: Date,
  token = newContactToken(),
): Promise<string> {
  await db.insert(contactLinks).values({ tokenHash: hashToken(token), leadId, createdAt: now });
  return token;
}

/** The lead a link token stands for, or undefined. */
export async function leadOfContactLink(db: Database, token: string): Promise<string | undefined> {
  const [row] = await db
    .select({ leadId: contactLinks.leadId })
    .from(contactLinks)
    .where(eq(contactLinks.tokenHash, hashToken(token)))
    .limit(1);
  return row?.leadId;
}

/** The page (token in the fragment) and the RFC 8058 one-click address (token in the query). */
export function contactLinkUrls(siteUrl: string, token: string): { stopUrl: string; oneClickUrl: string } {
  const encoded = encodeURIComponent(token);
  return {
    stopUrl: `${siteUrl}/stop-contacting#token=${encoded}`,
    oneClickUrl: `${siteUrl}${ONE_CLICK_API}?token=${encoded}`,
  };
}
