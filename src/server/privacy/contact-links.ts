import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { ONE_CLICK_API } from "../../domain/do-not-contact";
import type { PersonSubject } from "../../domain/privacy-requests";
import type { Database } from "../store/database";
import { hashToken } from "../store/qualification-tokens";
import { contactLinks, facilityLeads, nurseApplications } from "../store/schema";

/**
 * The "Stop contacting me" link of every e-mail to a lead (decision 0033) or a nurse applicant (decision
 * 0040): a random token stored as its hash with the record whose address the e-mail went to, in
 * the transaction that writes the e-mail. The page
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

/** Makes a link token for a nurse application and stores its hash (in the caller's transaction). */
export async function issueApplicationContactLink(
  db: Database,
  applicationId: string,
  now: Date,
  token = newContactToken(),
): Promise<string> {
  await db.insert(contactLinks).values({ tokenHash: hashToken(token), applicationId, createdAt: now });
  return token;
}

/**
 * What a link token stops: undefined for an unknown token; else the address its e-mail went to
 * (a stop link opts out only that address, decision 0040). A lead whose address was erased is named
 * by its id (nothing of it is left to put on the list); an erased application by nothing.
 */
export async function subjectOfContactLink(
  db: Database,
  token: string,
): Promise<{ subject?: PersonSubject | undefined } | undefined> {
  const [row] = await db
    .select({
      leadId: contactLinks.leadId,
      leadEmail: facilityLeads.email,
      applicationEmail: nurseApplications.email,
    })
    .from(contactLinks)
    .leftJoin(facilityLeads, eq(facilityLeads.id, contactLinks.leadId))
    .leftJoin(nurseApplications, eq(nurseApplications.id, contactLinks.applicationId))
    .where(eq(contactLinks.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return undefined;
  const email = row.leadEmail ?? row.applicationEmail;
  if (email?.includes("@")) return { subject: { kind: "email", email: email.toLowerCase() } };
  return { subject: row.leadId ? { kind: "lead_id", id: row.leadId } : undefined };
}

/** The page (token in the fragment) and the RFC 8058 one-click address (token in the query). */
export function contactLinkUrls(siteUrl: string, token: string): { stopUrl: string; oneClickUrl: string } {
  const encoded = encodeURIComponent(token);
  return {
    stopUrl: `${siteUrl}/stop-contacting#token=${encoded}`,
    oneClickUrl: `${siteUrl}${ONE_CLICK_API}?token=${encoded}`,
  };
}
