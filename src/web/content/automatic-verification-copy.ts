import { TIE_CHECK_WORDS } from "../../domain/tie-check-words";

/**
 * The console's words for what the product did on its own (decision 0030): the automatic
 * verification's step in the timeline, who took the system's steps, and the evidence's details.
 */

/** The timeline's heading for "role verified" taken by the automatic verification. */
export const ROLE_VERIFIED_AUTOMATICALLY = "Role verified automatically";

/** Who took a step when it was not a member of staff. */
export const SYSTEM_ACTOR_LABELS: Record<string, string> = {
  "system:chat": "Qualifying chat",
  "system:voice": "Voice agent",
  "system:verification": "Automatic verification (public registries and work e-mail)",
};

/** The automatic verification's method (never offered in the step form). */
export const AUTOMATIC_METHOD_LABEL = "Public registry record and confirmed work e-mail";

/** The evidence the automatic step records, by detail key. */
export const EVIDENCE_DETAIL_LABELS: Record<string, string> = {
  npi: "NPI",
  ccn: "CCN",
  domainTie: "Address tied to the facility by",
};

/** How the e-mail's address was tied to the registry facility (the evidence words of src/domain/tie-check-words.ts). */
export const DOMAIN_TIE_LABELS: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(TIE_CHECK_WORDS).flatMap(([check, words]) => (words.evidence ? [[check, words.evidence]] : [])),
  ),
  // Decisions recorded before the narrowed tie (decision 0044: a domain's name, website and age are
  // evidence, no longer a tie).
  domain_name_carries_facility_name: "the domain's name carries the facility's",
  website_phone_shown: "the facility's website shows the registry phone",
  price_file_names_hospital: "the hospital's price transparency file names it",
  // Decisions recorded before decision 0040 (a typed name is no longer a tie).
  authorized_official: "the lead is the registry's authorized official",
};
