import type { FraudReviewDecision, FraudReviewStatus } from "../../domain/fraud-review";
import { TIE_CHECK_WORDS } from "../../domain/tie-check-words";
import type { DomainTieCheck, VerificationDecision } from "../../domain/verification-policy";

/** The console's words for the lead's verification (issue 31) and the provider's fraud review. */
export const VERIFICATION_COPY = {
  heading: "Verification",
  never: "This lead was not checked against the public registries yet.",
  checkedAt: "Checked",
  decision: "Decision",
  reasons: "Reasons",
  decisions: {
    verified: "Verified automatically",
    needs_review: "Needs a person",
    not_checked_yet: "Not checked yet: the registries could not be reached",
  } satisfies Record<VerificationDecision, string>,
  address: "Work e-mail address",
  addressConfirmed: (when: string) => `Confirmed with a code on ${when}`,
  addressNotConfirmed: "Not confirmed with a code",
  qualifiedVia: "Qualified by",
  via: { chat: "The chat", voice: "A call", none: "Not qualified" },
  flags: "E-mail flags",
  flagWords: { free_mail: "Free-mail address", disposable_email: "Disposable address" },
  noFlags: "None",
  registryHeading: "Registry record",
  registryStatus: {
    matched: "Facility matched",
    ambiguous: "Several facilities match the name: check which one it is",
    not_found: "Facility not found in the lead's state",
    unavailable: "The registries could not be reached",
  },
  npi: "NPI",
  ccn: "CCN",
  name: "Name",
  facilityAddress: "Address",
  phone: "Phone",
  call: (phone: string) => `Call ${phone} (registry phone)`,
  taxonomy: "Taxonomy",
  official: "Authorized official",
  officialPhone: (phone: string) => `Call the official at ${phone}`,
  publicPages: "Public registry pages",
  linkLabels: {
    nppes: (npi: string) => `NPPES NPI Registry: NPI ${npi}`,
    care_compare: (ccn: string) => `Medicare Care Compare: CCN ${ccn}`,
  },
  opensNewTab: "(opens in a new tab)",
  lookups: "Registries searched",
  /** The registries by the names people know them by (the evidence stores nppes, cms_nursing_homes, cms_hospitals). */
  registryNames: {
    nppes: "NPPES NPI Registry",
    cms_nursing_homes: "CMS nursing homes",
    cms_hospitals: "CMS hospitals",
  } as Record<string, string>,
  lookupOk: (registry: string) => `${registry}: answered`,
  lookupFailed: (registry: string, problem: string) => `${registry}: did not answer (${problem})`,
  tieHeading: "E-mail domain tied to the facility",
  tied: (domain: string) => `Yes: the checks below tie ${domain} to the facility.`,
  notTied: (domain: string) => `No: the checks below did not tie ${domain} to the facility.`,
  noDomain: "the address's domain",
  noTie: "Not checked (no facility matched, or a free-mail or disposable address)",
  checksDone: "Checks",
  pagesRead: "Pages read to tie it",
  pagesReadHint: "The facility's own pages this check opened, and what each answered.",
  pageRead: (status: string) => `read (${status})`,
  pageNotRead: (problem: string) => `could not be read (${problem})`,
  /** Each tie check's line (src/domain/tie-check-words.ts holds the words the server and both views share). */
  checks: Object.fromEntries(Object.entries(TIE_CHECK_WORDS).map(([check, words]) => [check, words.check])) as Record<
    DomainTieCheck,
    string
  >,
  checkAgain: "Check the registries again",
  checking: "Checking…",
  checked: "Checked again. The decision above is the new one.",
  decide: {
    heading: "Verify or decline the role",
    declineHeading: "Decline the role",
    intro: "One step, recorded in the timeline with your note.",
    choice: "Decision",
    choose: "Choose…",
    verify: "Verify the role",
    decline: "Decline",
    method: "How the role was verified",
    reason: "Why it is declined",
    note: "What you checked",
    noteHint: "Recorded as the step's note: who you called, what they said.",
    submit: "Record the decision",
    submitting: "Recording…",
    saved: "Recorded. The step is in the timeline.",
  },
} as const;

export const FRAUD_REVIEW_COPY = {
  heading: "Held by the rewards provider for a fraud review",
  reasons: "The provider's reasons",
  noReasons: "The provider gave no reason.",
  flaggedAt: "Flagged",
  status: {
    flagged: "Waiting for your decision",
    releasing: "Being released…",
    blocking: "Being blocked…",
    released: "Released to the recipient",
    blocked: "Blocked: canceled and refunded",
  } satisfies Record<FraudReviewStatus, string>,
  decision: "Fraud review",
  reviewedBy: (who: string, when: string) => `${who}, ${when}`,
  buttons: { release: "Release the card", block: "Block the card" } satisfies Record<FraudReviewDecision, string>,
  busy: { release: "Releasing…", block: "Blocking…" } satisfies Record<FraudReviewDecision, string>,
  done: { release: "Released. The provider sends the card.", block: "Blocked. The card is canceled." } satisfies Record<
    FraudReviewDecision,
    string
  >,
  note: "What you found",
} as const;
