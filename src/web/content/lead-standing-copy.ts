import type { RejectionReason, VerificationMethod } from "../../domain/incentive-pipeline";
import type { RoleStanding } from "../../domain/lead-standing";

/** Where a lead stands in staff's words: one sentence for the header, the Verification section and the lists. */

/** How a person verified the role, inside a sentence: "(called the facility)". */
const METHOD_WORDS: Record<VerificationMethod, string> = {
  phone_call_to_facility: "called the facility",
  work_email: "a reply from a work e-mail address",
  professional_profile: "a professional profile",
  facility_website: "the facility website's staff page",
};

/** Why a person declined the role, inside a sentence. */
const DECLINE_WORDS: Record<RejectionReason, string> = {
  not_decision_maker: "not a decision maker",
  duplicate: "a duplicate of another lead",
  suspected_fraud: "suspected fraud",
  no_response: "no response",
};

export const STANDING_COPY = {
  label: "Role",
  /** `when`: the day in the viewer's zone ("Nov 28"). */
  sentence: (role: RoleStanding, when: (iso: string) => string): string => {
    switch (role.kind) {
      case "verified_by_person":
        return `Verified by ${role.by} on ${when(role.at)}${role.method ? ` (${METHOD_WORDS[role.method]})` : ""}`;
      case "declined":
        return `Declined: ${role.reason ? DECLINE_WORDS[role.reason] : "see the note"} (by ${role.by} on ${when(role.at)})`;
      case "verified_automatically":
        return `Verified automatically on ${when(role.at)}`;
      case "needs_person":
        return "Needs a person to verify the role";
      case "not_checked":
        return "Not checked yet";
    }
  },
  /** The automatic check's reasons once a person decided: kept, named for what they are. */
  automaticReasons: "What the automatic check found",
  personNote: "Their note",
} as const;
