import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Database } from "./database";
import { facilityLeads, qualificationTokens } from "./schema";

/**
 * The token that links a browser to its lead (decision 0011): handed out once with the stored lead,
 * kept only as a hash, good for the chat and the voice call's events.
 */

/** A token is good for 7 days after its lead was stored. */
export const QUALIFICATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** 32 random bytes (256 bits), base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** A new token (not yet stored). */
export const newQualificationToken = () => randomBytes(32).toString("base64url");

/** Makes a token for a lead and stores only its hash; the token itself is returned once, to the browser. */
export async function issueQualificationToken(
  db: Database,
  leadId: string,
  now: Date,
  token = newQualificationToken(),
): Promise<string> {
  await db.insert(qualificationTokens).values({
    tokenHash: hashToken(token),
    leadId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + QUALIFICATION_TOKEN_TTL_MS),
  });
  return token;
}

/** What a token's holder may know of its lead: first name and facility name, nothing else. */
export interface TokenLead {
  leadId: string;
  firstName: string;
  facilityName: string;
}

/** The lead a token is good for, or undefined (malformed, unknown or expired). */
export async function leadOfToken(db: Database, token: unknown, now: Date): Promise<TokenLead | undefined> {
  if (typeof token !== "string" || !TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await db
    .select({ leadId: facilityLeads.id, firstName: facilityLeads.firstName, facilityName: facilityLeads.facilityName })
    .from(qualificationTokens)
    .innerJoin(facilityLeads, eq(facilityLeads.id, qualificationTokens.leadId))
    .where(and(eq(qualificationTokens.tokenHash, hashToken(token)), gt(qualificationTokens.expiresAt, now)))
    .limit(1);
  return row;
}
