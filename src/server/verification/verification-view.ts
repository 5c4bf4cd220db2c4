import { z } from "zod";
import { registryLinks } from "../../domain/registry-links";
import type { LeadVerification, RegistryFacility } from "../../domain/staff-console-api";
import type { DomainTieCheck } from "../../domain/verification-policy";
import type { Database } from "../store/database";
import { callbacksOf } from "../store/verification-callbacks-repository";
import { latestVerification } from "./verification-repository";

/**
 * The lead's latest verification as the console shows it (decision 0030): the stored decision and
 * reasons, and the evidence kept with them (verify-lead.ts `VerificationEvidence`) read back
 * leniently: a row written by an older version shows what it has, never a 500.
 */

/** When the lead confirmed its work address with its code (the app passes workAddressConfirmedAt from work-email-codes-repository); without it the time stored with the decision is shown. */
export type WorkAddressConfirmedAt = (db: Database, leadId: string) => Promise<Date | null>;

const text = z.preprocess((v) => (typeof v === "string" ? v : v == null ? "" : String(v)), z.string());
const optionalText = z.preprocess((v) => (typeof v === "string" && v !== "" ? v : null), z.string().nullable());

const MatchSchema = z.object({
  npi: optionalText,
  ccn: optionalText,
  name: text,
  address: z
    .object({ line: text, city: text, state: text, zip: text })
    .catch({ line: "", city: "", state: "", zip: "" }),
  phone: text,
  taxonomy: optionalText,
  official: z.object({ firstName: text, lastName: text, title: text, phone: text }).nullish().catch(null),
  sources: z.array(z.string()).catch([]),
});

const CallbackEvidenceSchema = z.object({ phone: optionalText, reason: optionalText }).optional().catch(undefined);

const EvidenceSchema = z.object({
  callback: CallbackEvidenceSchema,
  qualifiedVia: z.enum(["chat", "voice"]).nullable().catch(null),
  workAddressConfirmedAt: z.string().nullable().catch(null),
  emailFlags: z.array(z.enum(["free_mail", "disposable_email"])).catch([]),
  registry: z
    .object({
      status: z.enum(["matched", "ambiguous", "not_found", "unavailable"]).catch("unavailable"),
      match: MatchSchema.optional().catch(undefined),
      lookups: z
        .array(z.object({ registry: text, ok: z.boolean().catch(false), problem: optionalText.optional() }))
        .catch([]),
    })
    .catch({ status: "unavailable", lookups: [] }),
  tie: z
    .object({
      tied: z.boolean().catch(false),
      domain: optionalText,
      checks: z.array(z.string()).catch([]),
      pages: z.array(z.object({ url: text, outcome: text })).catch([]),
    })
    .nullable()
    .catch(null),
});

const facilityOf = (match: z.infer<typeof MatchSchema>): RegistryFacility => ({
  npi: match.npi,
  ccn: match.ccn,
  name: match.name,
  address: match.address,
  phone: match.phone,
  taxonomy: match.taxonomy,
  authorizedOfficial: match.official ?? null,
  sources: match.sources,
});

/** GET /api/staff/leads/:id's `verification`: null when the lead was never checked. */
export async function verificationView(
  db: Database,
  leadId: string,
  options: { workAddressConfirmedAt?: WorkAddressConfirmedAt | undefined } = {},
): Promise<LeadVerification<Date> | null> {
  const row = await latestVerification(db, leadId);
  if (!row) return null;
  const evidence = EvidenceSchema.parse(row.evidence ?? {});
  const confirmedNow = (await options.workAddressConfirmedAt?.(db, leadId)) ?? null;
  const confirmedThen = evidence.workAddressConfirmedAt ? new Date(evidence.workAddressConfirmedAt) : null;
  const match = evidence.registry.status === "matched" ? evidence.registry.match : undefined;
  return {
    checkedAt: row.checkedAt,
    decision: row.decision,
    reasons: row.reasons,
    workAddressConfirmedAt:
      confirmedNow ?? (confirmedThen && !Number.isNaN(confirmedThen.getTime()) ? confirmedThen : null),
    qualifiedVia: evidence.qualifiedVia,
    registry: {
      status: evidence.registry.status,
      facility: match ? facilityOf(match) : null,
      links: match
        ? registryLinks({ npi: match.npi ?? undefined, ccn: match.ccn ?? undefined, sources: match.sources })
        : [],
      lookups: evidence.registry.lookups.map(({ registry, ok, problem }) => ({
        registry,
        ok,
        problem: problem ?? null,
      })),
    },
    domainTie: evidence.tie && { ...evidence.tie, checks: evidence.tie.checks as DomainTieCheck[] },
    emailFlags: evidence.emailFlags,
    callback: {
      number: evidence.callback?.phone ?? null,
      why: evidence.callback?.reason ?? null,
      calls: (await callbacksOf(db, leadId)).map((c) => ({
        attempt: c.attempt,
        status: c.status,
        phone: c.phone,
        placedBy: c.placedBy,
        dueAt: c.dueAt,
        placedAt: c.placedAt,
        endedAt: c.endedAt,
        outcome: c.outcome,
        answeredBy: c.answeredBy,
        transcript: c.transcript,
      })),
    },
  };
}
