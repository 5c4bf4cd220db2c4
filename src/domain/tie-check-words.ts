import type { DomainTieCheck } from "./domain-tie-rule";

/**
 * The words of each tie check, in one place: `check` is the line the
 * console's Verification section lists; `evidence` (ties only) is how the timeline's note and
 * the step's details say what tied the address; `reason` (failures only) is the reason the
 * policy gives staff. The server's policy, the runner's step and both console views read these.
 */
export interface TieCheckWords {
  check: string;
  evidence?: string;
  reason?: string;
}

export const TIE_CHECK_WORDS: Record<DomainTieCheck, TieCheckWords> = {
  no_registrable_domain: {
    check: "The e-mail's host has no registrable domain",
    reason: "the e-mail's host has no registrable domain",
  },
  callback_confirmed: {
    check: "The facility's number of record confirmed the person on the callback",
    evidence: "the facility's number of record confirmed the person on the callback",
  },
  npi_endpoint_address: {
    check: "The NPI's registry endpoints name this very address",
    evidence: "the NPI's registry endpoints name the address",
  },
  npi_endpoint_domain: {
    check: "The NPI's registry endpoints name its domain",
    evidence: "the NPI's registry endpoints name the domain",
  },
  endpoint_domain_shared: {
    check: "The NPI's endpoint is at a shared mail provider: another mailbox there proves nothing",
    reason: "the NPI's endpoint is at a shared mail provider, where strangers have mailboxes too",
  },
  npi_too_new: {
    check: "The NPI was enumerated less than a year ago",
    reason: "the NPI was enumerated less than 365 days ago: anyone with a tax id can make one",
  },
  cms_record: {
    check: "The facility has a CMS record",
    evidence: "the facility has a CMS record",
  },
  domain_name_carries_facility_name: {
    check: "Its name carries a distinctive word of the registry name (evidence, not proof)",
  },
  domain_name_lacks_facility_name: {
    check: "Its name holds no distinctive word of the registry name",
    reason: "the domain's name holds no distinctive word of the facility's registry name",
  },
  website_phone_shown: { check: "Its website shows the registry phone (evidence, not proof)" },
  website_phone_not_shown: {
    check: "Its website does not show the registry phone",
    reason: "website does not show the registry phone",
  },
  price_file_names_hospital: { check: "Its price transparency file names the hospital (evidence, not proof)" },
  price_file_does_not_name_hospital: {
    check: "Its price transparency file does not name the hospital",
    reason: "price transparency file does not name the hospital",
  },
  website_unreachable: { check: "Its website could not be read", reason: "website could not be read" },
  website_refused: {
    check: "Its website was refused: its address is not public",
    reason: "website refused: its address is not public",
  },
  domain_old_enough: {
    check: "It was registered long enough ago (RDAP)",
    evidence: "the domain was registered long enough ago",
  },
  domain_too_new: { check: "Domain too new (RDAP registration date)" },
  domain_age_unknown: {
    check: "Its registration date is unknown (RDAP)",
    reason: "the domain's registration date is unknown (RDAP)",
  },
  domain_age_not_checked: { check: "Its registration could not be checked yet (RDAP down)" },
  evidence_only: {
    check: "Its age, name and website are evidence, never proof alone: the callback decides",
    reason: "a domain's age, name and website are evidence, not proof: the facility's number of record must confirm",
  },
  name_only_tie: {
    check: "Name-only tie: the lead's name is the authorized official's, not proof alone",
    reason: "name-only tie: the lead's name is the registry's authorized official, which proves nothing alone",
  },
};

/** The checks that tied, in the evidence's words ("a; b"), for the timeline's note. */
export const tieEvidenceWords = (checks: readonly DomainTieCheck[]): string =>
  checks
    .map((check) => TIE_CHECK_WORDS[check]?.evidence)
    .filter(Boolean)
    .join("; ");
