import type {
  DuplicateFlag,
  PipelineStatus,
  QualifiedVia,
  RejectionReason,
  VerificationMethod,
} from "../../domain/incentive-pipeline";

/** The incentive pipeline in the console's words: statuses, forms, Due views, how a step was taken. */

export const STATUS_LABELS: Record<PipelineStatus, string> = {
  new: "New",
  qualified: "Qualified",
  role_verified: "Role verified",
  gift_card_sent: "Gift card sent ($50)",
  first_shift_filled: "First shift filled",
  bonus_sent: "Bonus sent ($250)",
  rejected: "Rejected",
};

export const FORM_LABELS: Record<string, string> = {
  homepage_form: "Landing page",
  qualify_page: "Qualify page",
  chat: "Chat",
};

export const DUE_LABELS = {
  verification: "Role to verify by a person",
  call: "24-hour call late",
  gift_card: "Gift card late",
  card_delivery: "Card ordered, not delivered after 24 hours",
} as const;

export const VIA_LABELS: Record<QualifiedVia, string> = {
  chat: "by chat",
  voice: "by voice call",
  staff_call: "by staff after a call",
};

export const METHOD_LABELS: Record<VerificationMethod, string> = {
  phone_call_to_facility: "Phone call to the facility",
  work_email: "Reply from a work email address",
  professional_profile: "Professional profile (e.g. LinkedIn)",
  facility_website: "Facility website staff page",
};

export const REASON_LABELS: Record<RejectionReason, string> = {
  not_decision_maker: "Not a decision-maker",
  duplicate: "Duplicate",
  suspected_fraud: "Suspected fraud",
  no_response: "No response",
};

export const FLAG_LABELS: Record<DuplicateFlag, string> = {
  resubmitted: "Sent again minutes after another lead, with its email and phone but other details",
  same_email: "Same email as another lead",
  same_phone: "Same phone as another lead",
  same_facility_and_state: "Same facility name in the same state as another lead",
  free_mail: "Free-mail address (not a facility domain)",
  disposable_email: "Disposable email address",
};

export const DETAIL_LABELS: Record<string, string> = {
  via: "Qualified",
  method: "Verified by",
  reference: "Reference",
  amountUsd: "Amount",
  reason: "Reason",
  recipient: "Sent to",
};
