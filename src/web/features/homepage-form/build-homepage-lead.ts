import { HONEYPOT_FIELD, SOURCE_LABELS, type LeadRequestInput } from "../../../domain";
import type { HomepageLeadFields } from "./homepage-form-state";

/** What the browser knows about the visit (spec 3.3), read at submit time. */
export interface VisitContext {
  userAgent: string;
  referrer: string;
  url: string;
  utm: Record<string, string>;
}

export interface AntiSpam {
  honeypot: string;
  formStartedAt: number | undefined;
}

export function currentVisit(utm: Record<string, string>): VisitContext {
  return {
    userAgent: navigator.userAgent.slice(0, 1024),
    referrer: document.referrer.slice(0, 2048),
    url: window.location.href.slice(0, 2048),
    utm,
  };
}

/**
 * The body of POST /api/leads for the landing-page form: the fields of spec 3.3 (the server
 * keeps what its schema names; `source` is the fixed homepage label), the utm parameters and
 * the anti-spam fields.
 */
export function buildHomepageLead(
  lead: HomepageLeadFields,
  visit: VisitContext,
  antiSpam: AntiSpam,
  now: Date,
): LeadRequestInput & { source: string } {
  return {
    form: "homepage_form",
    source: SOURCE_LABELS.homepage_form,
    ...lead,
    timestamp: now.toISOString(),
    userAgent: visit.userAgent,
    referrer: visit.referrer,
    url: visit.url,
    utm: visit.utm,
    [HONEYPOT_FIELD]: antiSpam.honeypot,
    ...(antiSpam.formStartedAt === undefined ? {} : { formStartedAt: antiSpam.formStartedAt }),
  };
}
