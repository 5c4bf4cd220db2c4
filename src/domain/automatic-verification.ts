import { AUTOMATIC_VERIFICATION_METHOD, type PipelineStatus, type PipelineStep } from "./incentive-pipeline";
import { TIE_CHECK_WORDS, tieEvidenceWords } from "./tie-check-words";
import type { DomainTieCheck, VerificationDecision } from "./verification-policy";

/**
 * What the product does on its own after the verification policy decided (decision 0029): a lead
 * verified automatically moves to "role verified" by `system:verification`, with the evidence
 * in the step's note and details, and, with auto-pay on and a rewards provider, its $50 card is
 * ordered. Any other decision leaves the lead where it is, for staff.
 */

export const AUTOMATIC_VERIFICATION_ACTOR = "system:verification" as const;

export interface AutomaticEvidence {
  npi: string | null;
  ccn: string | null;
  tieChecks: readonly DomainTieCheck[];
}

/** The "role verified" step the automatic verification records, and its details (NPI, CCN, the tie). */
export function automaticVerificationStep(evidence: AutomaticEvidence): {
  step: Extract<PipelineStep, { to: "role_verified" }>;
  details: Record<string, string>;
} {
  const ids = [evidence.npi && `NPI ${evidence.npi}`, evidence.ccn && `CCN ${evidence.ccn}`].filter(Boolean);
  const ties = evidence.tieChecks.filter((check) => TIE_CHECK_WORDS[check]?.evidence);
  const tieWords = tieEvidenceWords(ties);
  const facility = ids.length > 0 ? `facility ${ids.join(", ")} found in the public registries` : "facility found";
  return {
    step: {
      to: "role_verified",
      method: AUTOMATIC_VERIFICATION_METHOD,
      note: `Verified automatically: ${facility}; work e-mail confirmed on the facility's domain${tieWords ? ` (${tieWords})` : ""}.`,
    },
    details: {
      ...(evidence.npi ? { npi: evidence.npi } : {}),
      ...(evidence.ccn ? { ccn: evidence.ccn } : {}),
      ...(ties.length > 0 ? { domainTie: ties.join(",") } : {}),
    },
  };
}

/** What follows a decision: verify the role (from new or qualified), and order the card (auto-pay with a provider). */
export function automaticSteps(
  decision: VerificationDecision,
  status: PipelineStatus,
  options: { autoPay: boolean; rewardsProvider: boolean; verifiedBySystem: boolean },
): { verify: boolean; pay: boolean } {
  if (decision !== "verified") return { verify: false, pay: false };
  const verify = status === "new" || status === "qualified";
  // Only a role this verification moved is paid here: a role staff verified is staff's to pay.
  const ours = verify || (status === "role_verified" && options.verifiedBySystem);
  return { verify, pay: ours && options.autoPay && options.rewardsProvider };
}
