import { randomUUID } from "node:crypto";
import { LeadRequestSchema } from "../../domain/facility-lead";
import type { Database } from "../store/database";
import { facilityLeadRow } from "../leads/leads-repository";
import { chatQualifications, facilityLeads, leadTransitions } from "../store/schema";
import { cmsClient } from "../verification/cms-client";
import { nppesClient } from "../verification/nppes-client";
import { rdapClient } from "../verification/rdap-client";
import type { VerificationDeps } from "../verification/verify-lead";
import { startCmsStandIn } from "./cms-stand-in";
import { startFacilityWebsiteStandIn, type FacilityWebsiteStandIn } from "./facility-website-stand-in";
import { startNppesStandIn } from "./nppes-stand-in";
import type { RegistryStandIn } from "./registry-stand-in-server";
import { startRdapStandIn, type RdapStandIn } from "./rdap-stand-in";
import { CMS_HOSPITALS, CMS_NURSING_HOMES, DOMAIN_REGISTRATIONS, FACILITY_SITES, NPPES_SEEDS } from "./registry-seeds";
import { homepageLead } from "./test-fixtures";

/** TEST SUPPORT: the three stand-ins with the shared seeds, leads as verification finds them, and deps pointing at the stand-ins. */

export interface RegistryStandIns {
  nppes: RegistryStandIn;
  cms: RegistryStandIn;
  web: FacilityWebsiteStandIn;
  rdap: RdapStandIn;
  close(): Promise<void>;
}

export async function startRegistryStandIns(
  options: { holdMs?: number; ports?: { nppes?: number; cms?: number; web?: number } } = {},
): Promise<RegistryStandIns> {
  const nppes = await startNppesStandIn(NPPES_SEEDS, { holdMs: options.holdMs, port: options.ports?.nppes });
  const cms = await startCmsStandIn(
    { nursingHomes: CMS_NURSING_HOMES, hospitals: CMS_HOSPITALS },
    { holdMs: options.holdMs, port: options.ports?.cms },
  );
  const web = await startFacilityWebsiteStandIn(structuredClone(FACILITY_SITES), {
    holdMs: options.holdMs,
    port: options.ports?.web,
  });
  const rdap = await startRdapStandIn(DOMAIN_REGISTRATIONS);
  return {
    nppes,
    cms,
    web,
    rdap,
    close: async () => void (await Promise.all([nppes.close(), cms.close(), web.close(), rdap.close()])),
  };
}

export function standInDeps(
  db: Database,
  standIns: RegistryStandIns,
  over: Partial<VerificationDeps> = {},
): VerificationDeps {
  return {
    nppes: nppesClient({ db, baseUrl: standIns.nppes.url, limits: { timeoutMs: 1000 } }),
    cms: cmsClient({ db, baseUrl: standIns.cms.url, limits: { timeoutMs: 1000 } }),
    websiteUrl: standIns.web.websiteUrl,
    domainDailyLimit: 2,
    monthlyLimitUsd: undefined,
    autoPayDailyLimit: 10,
    rdap: rdapClient({ db, bootstrapUrl: standIns.rdap.bootstrapUrl, limits: { timeoutMs: 1000 } }),
    minDomainAgeDays: 365,
    workAddressConfirmedAt: async () => new Date("2026-11-26T01:00:00Z"),
    ...over,
  };
}

export interface SeedLeadOptions {
  /** The qualification's channel and outcome; null: never qualified. */
  qualified?: "chat" | null;
  role?: string;
  clientIp?: string;
}

/** A stored landing-page lead (by default a director of nursing qualified by the chat) with the given fields. */
export async function seedLead(
  db: Database,
  fields: Record<string, unknown>,
  options: SeedLeadOptions = {},
): Promise<string> {
  const lead = LeadRequestSchema.parse(homepageLead({ firstName: "Jo", lastName: "Kim", ...fields }));
  const row = facilityLeadRow(lead, {
    clientIp: options.clientIp ?? "198.51.100.7",
    userAgent: "test",
    now: new Date(),
  });
  await db.insert(facilityLeads).values(row);
  if (options.qualified !== null) {
    await db.insert(chatQualifications).values({
      leadId: row.id,
      answers: { role: options.role ?? "director_of_nursing" },
      outcome: "qualified",
      completedAt: new Date(),
    });
  }
  return row.id;
}

/** Records the $50 card as sent for a lead (the pipeline's step, as the console records it). */
export async function recordCardSent(db: Database, leadId: string): Promise<void> {
  await db.insert(leadTransitions).values({
    id: randomUUID(),
    leadId,
    actor: "staff:test@example.org",
    fromStatus: "role_verified",
    toStatus: "gift_card_sent",
    details: { reference: `ref-${leadId}`, amountUsd: 50 },
  });
}
