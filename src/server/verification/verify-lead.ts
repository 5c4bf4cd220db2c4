import { emailDomainFlags } from "../../domain/email-domain-flags";
import { facilityIdentityKeys } from "../../domain/facility-identity";
import { callbackNumber } from "../../domain/verification-callback";
import { GIFT_CARD_AMOUNT_USD } from "../../domain/incentive-pipeline";
import { usStateCode } from "../../domain/us-states";
import type { FacilityMatch } from "../../domain/verification-match";
import {
  CLIENT_ADDRESS_DAILY_LIMIT,
  decideVerification,
  type RegistryFacts,
  type VerificationFacts,
} from "../../domain/verification-policy";
import { addressKeyOf } from "../client-address";
import type { Config } from "../config";
import { monthSpend } from "../rewards";
import type { Database } from "../store/database";
import { callbackStateOf } from "../store/verification-callbacks-repository";
import { workAddressConfirmedAt } from "../store/work-email-codes-repository";
import { facilityKeyOf, type CallbackEvidence } from "./callbacks";
import { cmsClient, type CmsClient } from "./cms-client";
import { emailSiteDomain, tieDomain, type DomainTieEvidence } from "./domain-tie";
import { nppesClient, type NppesClient } from "./nppes-client";
import { rdapClient, type RdapClient } from "./rdap-client";
import { lookUpFacility, registryFacts, type LookupEvidence } from "./registry-lookup";
import type { Resolver } from "../public-address";
import {
  leadForVerification,
  leadsNotCheckedYet,
  lockVerificationKeys,
  facilityKeys,
  hashedFacilityKeys,
  otherFacilityCardsOnDomain,
  sameFacilityHistory,
  storeVerification,
  verifiedToday,
  verifiedTodayAll,
  type StoredVerification,
} from "./verification-repository";

/**
 * Verifying a lead (decision 0024): gather the evidence (the lead and its qualification, the e-mail's
 * flags, the registries' records, the domain tie, what others from the facility and the domain
 * got), let the policy decide (src/domain/verification-policy.ts), store both. It orders no
 * card and sends no code: the caller acts on the decision. A registry that is down makes the
 * decision "not_checked_yet", never an error; `recheckNotCheckedYet` tries those again.
 */

export interface VerificationDeps {
  nppes: NppesClient;
  cms: CmsClient;
  websiteUrl: string;
  domainDailyLimit: number;
  /** REWARDS_MONTHLY_LIMIT_USD; undefined for none. */
  monthlyLimitUsd: number | undefined;
  /** VERIFICATION_AUTO_PAY_DAILY_LIMIT: automatic verifications (each a card with auto-pay) a day across the product. */
  autoPayDailyLimit: number;
  /** RDAP, for the domain's age (RDAP_BOOTSTRAP_URL); undefined: the age is unknown and only endpoints tie. */
  rdap: RdapClient | undefined;
  /** VERIFICATION_MIN_DOMAIN_AGE_DAYS */
  minDomainAgeDays: number;
  /** The total time the website fetches of one lead may take (ms). */
  tieBudgetMs?: number;
  /** A lead met a ceiling on automatic money: tell the admins (once; in the decision's transaction). */
  onCeiling?: (tx: Database, ceiling: "daily" | "monthly", limit: number, now: Date) => Promise<unknown>;
  /** When the lead confirmed its work address with its code (work_email_codes.confirmed_at; null: not confirmed). */
  workAddressConfirmedAt?: (leadId: string) => Promise<Date | null>;
  resolver?: Resolver;
  now?: () => Date;
}

/** The dependencies from the server's settings (the wiring's one call). */
export function verificationDeps(
  config: Config,
  db: Database,
  extra: Partial<VerificationDeps> = {},
): VerificationDeps {
  return {
    nppes: nppesClient({ db, baseUrl: config.NPPES_API_URL }),
    cms: cmsClient({ db, baseUrl: config.CMS_PROVIDER_DATA_URL }),
    websiteUrl: config.FACILITY_WEBSITE_URL,
    domainDailyLimit: config.VERIFICATION_DOMAIN_DAILY_LIMIT,
    monthlyLimitUsd: config.REWARDS_MONTHLY_LIMIT_USD,
    autoPayDailyLimit: config.VERIFICATION_AUTO_PAY_DAILY_LIMIT,
    rdap: rdapClient({ db, bootstrapUrl: config.RDAP_BOOTSTRAP_URL }),
    minDomainAgeDays: config.VERIFICATION_MIN_DOMAIN_AGE_DAYS,
    workAddressConfirmedAt: (leadId) => workAddressConfirmedAt(db, leadId),
    ...extra,
  };
}

/** The evidence stored with each decision (lead_verifications.evidence): the policy's facts, the registry's record and searches, the domain tie. */
export interface VerificationEvidence extends Omit<VerificationFacts, "registry" | "tie" | "callback"> {
  registry: { status: RegistryFacts["status"]; match?: FacilityMatch; candidates?: number; lookups: LookupEvidence[] };
  tie: DomainTieEvidence | null;
  /** The number the callback may dial (or none), and whether the runner should place it now. */
  callback?: CallbackEvidence & { reason?: string };
}

/** Verifies one lead and stores the evidence with the decision; undefined when there is no such lead. */
export async function verifyLead(
  db: Database,
  leadId: string,
  deps: VerificationDeps,
): Promise<StoredVerification | undefined> {
  const lead = await leadForVerification(db, leadId);
  if (!lead) return undefined;
  const state = usStateCode(lead.location);
  const { outcome, lookups } = state
    ? await lookUpFacility(lead, state, deps)
    : { outcome: { status: "not_found", candidates: 0 } as const, lookups: [] };
  const registry = registryFacts(outcome);
  const match = registry.status === "matched" ? registry.match : undefined;
  const flags = emailDomainFlags(lead.email).filter(
    (flag): flag is "free_mail" | "disposable_email" => flag === "free_mail" || flag === "disposable_email",
  );
  const confirmedAt = (await deps.workAddressConfirmedAt?.(leadId)) ?? null;
  const now0 = deps.now?.() ?? new Date();
  const number = match ? callbackNumber(match, now0) : undefined;
  const callbackState = match ? await callbackStateOf(db, leadId) : null;
  // Only "yes" from the number of record the product dialled for this lead ties the address.
  const callbackConfirmed = Boolean(
    callbackState?.outcome === "yes" && number?.phone && callbackState.phone === number.phone,
  );
  let tie: DomainTieEvidence | undefined;
  // A free-mail or disposable domain is never a facility's: its website is not fetched (no request to gmail.com per lead).
  if (match && flags.length > 0) {
    const domain = emailSiteDomain(lead.email);
    const shared = domain !== null && (match.endpointDomains ?? []).includes(domain);
    tie = { tied: false, checks: shared ? ["endpoint_domain_shared"] : [], domain, pages: [] };
  }
  // Websites are read only once the address is confirmed: an unconfirmed lead costs no fetch.
  else if (match && confirmedAt) {
    tie = await tieDomain(
      { email: lead.email, firstName: lead.firstName, lastName: lead.lastName, match, callbackConfirmed },
      {
        websiteUrl: deps.websiteUrl,
        rdap: deps.rdap,
        minAgeDays: deps.minDomainAgeDays,
        ...(deps.tieBudgetMs ? { budgetMs: deps.tieBudgetMs } : {}),
        ...(deps.resolver ? { resolver: deps.resolver } : {}),
        now: now0,
      },
    ).catch((): DomainTieEvidence => ({ tied: false, checks: ["website_unreachable"], domain: null, pages: [] }));
  }
  const emailDomain = emailSiteDomain(lead.email) ?? (lead.email.split("@").pop() ?? "").toLowerCase();
  // The per-client limit counts an IPv6 client by its /64 (decision 0040); only that key is kept with the decision.
  const clientKey = lead.clientIp ? addressKeyOf(lead.clientIp) : null;

  return db.transaction(async (tx) => {
    const facility = match && facilityKeys(match);
    const identity = match ? hashedFacilityKeys(facilityIdentityKeys(match)) : [];
    await lockVerificationKeys(tx, [
      `domain:${emailDomain}`,
      "auto-pay:daily",
      ...(facility?.npi ? [`npi:${facility.npi}`] : []),
      ...(facility?.ccn ? [`ccn:${facility.ccn}`] : []),
      ...(facility?.phone ? [`phone:${facility.phone}`] : []),
      ...(facility?.address ? [`address:${facility.address.line}|${facility.address.zip}`] : []),
    ]);
    const now = deps.now?.() ?? new Date();
    const month =
      deps.monthlyLimitUsd === undefined
        ? undefined
        : { limitUsd: deps.monthlyLimitUsd, spentUsd: (await monthSpend(tx, now)).spentUsd };
    const facts: VerificationFacts = {
      qualifiedVia: lead.qualifiedVia,
      role: lead.role,
      workAddressConfirmedAt: confirmedAt?.toISOString() ?? null,
      emailFlags: flags,
      state: lead.location,
      registry,
      tie: tie && {
        tied: tie.tied,
        checks: tie.checks,
        ...(tie.pending ? { pending: true } : {}),
        ...(tie.domainAgeDays !== undefined ? { domainAgeDays: tie.domainAgeDays } : {}),
      },
      sameFacility: facility
        ? await sameFacilityHistory(tx, leadId, facility, identity, now)
        : { cards: 0, verified: 0 },
      otherFacilityCardsOnDomain:
        match && emailDomain ? await otherFacilityCardsOnDomain(tx, leadId, emailDomain, identity, now) : 0,
      callback:
        match && number
          ? { number, state: callbackState && { outcome: callbackState.outcome, attempts: callbackState.attempts } }
          : undefined,
      verifiedToday: await verifiedToday(tx, leadId, emailDomain, clientKey, now),
      verifiedTodayAll: await verifiedTodayAll(tx, leadId, now),
      limits: {
        domainDaily: deps.domainDailyLimit,
        clientAddressDaily: CLIENT_ADDRESS_DAILY_LIMIT,
        autoPayDaily: deps.autoPayDailyLimit,
        minDomainAgeDays: deps.minDomainAgeDays,
      },
      rewardsMonth: month,
      cardAmountUsd: GIFT_CARD_AMOUNT_USD,
    };
    const result = decideVerification(facts);
    const ceiling =
      facts.verifiedTodayAll >= deps.autoPayDailyLimit
        ? { kind: "daily" as const, limit: deps.autoPayDailyLimit }
        : month && month.spentUsd + GIFT_CARD_AMOUNT_USD > month.limitUsd
          ? { kind: "monthly" as const, limit: month.limitUsd }
          : undefined;
    if (ceiling && result.decision === "needs_review") await deps.onCeiling?.(tx, ceiling.kind, ceiling.limit, now);
    const { registry: _registry, tie: _tie, callback: _callback, ...rest } = facts;
    const evidence: VerificationEvidence = {
      ...rest,
      registry: {
        status: registry.status,
        ...(match ? { match } : {}),
        ...(outcome && outcome.status !== "matched" ? { candidates: outcome.candidates } : {}),
        lookups,
      },
      tie: tie ?? null,
      ...(match && number
        ? {
            callback: {
              phone: number.phone,
              facilityKey: facilityKeyOf(match),
              due: result.callbackDue === true,
              ...(number.phone === null ? { reason: number.reason } : {}),
            },
          }
        : {}),
    };
    return storeVerification(tx, {
      leadId,
      result,
      evidence: { ...evidence },
      ...(match?.npi ? { npi: match.npi } : {}),
      ...(match?.ccn ? { ccn: match.ccn } : {}),
      emailDomain,
      clientIp: clientKey,
      facilityKeys: identity,
      now,
    });
  });
}

/**
 * Verifies again the leads left "not checked yet" that are due (each on its own back-off, so a
 * lead whose registry never answers holds no other back); the runner's sweep calls it.
 */
export async function recheckNotCheckedYet(
  db: Database,
  deps: VerificationDeps,
  limit = 50,
): Promise<StoredVerification[]> {
  const done: StoredVerification[] = [];
  for (const leadId of await leadsNotCheckedYet(db, limit, deps.now?.() ?? new Date())) {
    const verification = await verifyLead(db, leadId, deps);
    if (verification) done.push(verification);
  }
  return done;
}
