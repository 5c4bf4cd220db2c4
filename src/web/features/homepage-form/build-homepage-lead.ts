import { SOURCE_LABELS } from "../../../domain/enumerations";
import type { LeadRequestInput } from "../../../domain/facility-lead";
import type { antiSpamStamp } from "../../forms/anti-spam-stamp";
import type { HomepageLeadFields } from "./homepage-form-state";

/** What the browser knows about the visit (spec 3.3), read at submit time. */
export interface VisitContext {
  userAgent: string;
  referrer: string;
  url: string;
  utm: Record<string, string>;
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
 * keeps what its schema names; `source` is the fixed homepage label), the visit, and the
 * anti-spam stamp every form sends.
 */
export function buildHomepageLead(
  lead: HomepageLeadFields,
  visit: VisitContext,
  stamp: ReturnType<typeof antiSpamStamp>,
): LeadRequestInput & { source: string } {
  return { form: "homepage_form", source: SOURCE_LABELS.homepage_form, ...lead, ...visit, ...stamp };
}
