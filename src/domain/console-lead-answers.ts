import type { DoNotContact } from "./do-not-contact";
import type { DuplicateFlag, PipelineStatus } from "./incentive-pipeline";
import type { RoleStep } from "./lead-standing";
import type { QualifyPayload } from "./payloads";
import type { QualificationOutcome } from "./qualification-outcome";
import type { QualificationAnswers } from "./qualification-questions";
import type { RegistryLink } from "./registry-links";
import type { DomainTieCheck, VerificationDecision } from "./verification-policy";

/**
 * The console's answers about leads (the list, a lead's page, its steps, verification and
 * callbacks), one type for both sides: see BuiltAs in staff-console-api.ts, which re-exports them.
 */

/** One row of the lead list. */
interface LeadListItem<Time = string, Status = PipelineStatus> {
  id: string;
  receivedAt: Time;
  form: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  facilityName: string;
  location: string;
  pipelineStatus: Status;
  /** The Due view's "needs a person": the reason that decides (verification-words.ts), or "not checked yet" (else absent). */
  reason?: string | null;
  /** The Due view's "needs a person": all the reasons, the one that decides first (else absent). */
  reasons?: string[];
  /** The step that decided the role (the lead's standing, lead-standing.ts), null while none did. */
  roleStep?: RoleStep | null;
  /** The lead's person asked not to be contacted (a badge in every list). */
  doNotContact?: boolean;
}

export interface LeadListPage<Time = string, Status = PipelineStatus> {
  leads: LeadListItem<Time, Status>[];
  nextCursor: string | null;
}

/** One step of a lead's timeline. */
export interface PipelineTransition<Time = string, Status = PipelineStatus> {
  id: string;
  at: Time;
  actor: string;
  fromStatus: string;
  toStatus: Status;
  details: Record<string, string | number>;
  note: string;
}

/** A forwarding of the lead or of one of its steps, with its attempts. */
export interface LeadDelivery<Time = string> {
  id: string;
  destination: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Time;
  /** An e-mail's recipient (null for a webhook). */
  recipient?: string | null;
  attemptLog: { id: string; attemptedAt: Time; statusCode: number | null; durationMs: number; error: string | null }[];
}

/** A stored lead as the lead page shows it: the spec's lead fields plus what the server adds. */
export interface LeadRecord extends QualifyPayload {
  id: string;
  form: string;
  receivedAt: string;
  userAgent: string | null;
  referrer: string | null;
  url: string | null;
  utm: Record<string, string>;
  consentText: string | null;
  consentVersion: string | null;
  clientIp: string | null;
  pageUrl: string | null;
  pipelineStatus: PipelineStatus;
}

/** A lead's qualification: the outcome in one word, the chat's answers, each voice call's answers, summary and transcript. */
export interface LeadQualification {
  summary: {
    status: QualificationOutcome | "in_progress" | "none";
    channel: "chat" | "voice" | null;
    completedAt: string | null;
  } | null;
  chat: {
    answers: QualificationAnswers;
    outcome: QualificationOutcome | null;
    startedAt: string;
    completedAt: string | null;
    /** Every gift-card e-mail given, in order: more than one means it was changed (staff check before the card). */
    giftCardEmails: { value: string; at: string }[];
  } | null;
  voiceCalls: {
    id: string;
    /** The call's last status (queued, ringing, in-progress, ended...); null before the first. */
    status: string | null;
    outcome: string | null;
    startedAt: string | null;
    endedAt: string | null;
    durationSeconds: number | null;
    /** The chat's questions as the assistant reported them (question id → value). */
    answers: QualificationAnswers;
    summary: string | null;
    transcript: string | null;
  }[];
}

/** GET /api/staff/leads/:id (`Status = string` on the server: the timeline's stored statuses as text). */
export interface LeadDetail<Status = PipelineStatus> {
  lead: LeadRecord;
  flags: { flag: DuplicateFlag; leadId?: string }[];
  timeline: PipelineTransition<string, Status>[];
  deliveries: LeadDelivery[];
  qualification: LeadQualification;
  /** The latest verification from public registries (decision 0024); null while the lead was never checked. */
  verification: LeadVerification | null;
  /** False, or when and how the lead's person asked not to be contacted. */
  doNotContact: DoNotContact;
  /** The calls the lead booked (decision 0036), newest first. */
  calls?: LeadCall[];
}

/** A call a lead booked (decision 0036), as the lead page shows it. */
export interface LeadCall {
  id: string;
  start: string;
  end: string;
  status: string;
  with: string;
  /** Why the staff member's calendar does not have it yet (a write failed; retried every minute), else null. */
  calendarProblem: string | null;
  /** What happened to it, oldest first: by "lead" or "staff:<e-mail>", the call's time after the change. */
  history: {
    at: string;
    /** "offered": staff e-mailed the lead new times after this call was missed (decision 0045). */
    kind: "booked" | "moved" | "cancelled" | "held" | "missed" | "offered";
    actor: string;
    start: string;
    with: string;
  }[];
}

/** A registry facility as staff read it for the verification call. */
export interface RegistryFacility {
  npi: string | null;
  ccn: string | null;
  name: string;
  address: { line: string; city: string; state: string; zip: string };
  /** Ten digits, or "" when the registry has none. */
  phone: string;
  taxonomy: string | null;
  authorizedOfficial: { firstName: string; lastName: string; title: string; phone: string } | null;
  /** Which registries agreed on it: nppes, cms_nursing_home, cms_hospital. */
  sources: string[];
}

/** GET /api/staff/leads/:id → `verification`: what was checked, the policy's decision and its reasons in words. */
export interface LeadVerification<Time = string> {
  checkedAt: Time;
  decision: VerificationDecision;
  /** The policy's reasons, in words ("free-mail address", "facility not found in Georgia"...). */
  reasons: string[];
  /** When the lead confirmed its work address with a code; null while it has not. */
  workAddressConfirmedAt: Time | null;
  qualifiedVia: "chat" | "voice" | null;
  registry: {
    status: "matched" | "ambiguous" | "not_found" | "unavailable";
    facility: RegistryFacility | null;
    /** The public registry pages of the facility (NPPES by NPI, Care Compare by CCN). */
    links: RegistryLink[];
    /** Each registry searched: whether it answered, and its problem when not. */
    lookups: { registry: string; ok: boolean; problem: string | null }[];
  };
  /** How the e-mail's domain was tied to the facility; null when there was no facility to tie it to. */
  domainTie: {
    tied: boolean;
    domain: string | null;
    checks: DomainTieCheck[];
    pages: { url: string; outcome: string }[];
  } | null;
  /** The e-mail address's flags the policy read. */
  emailFlags: ("free_mail" | "disposable_email")[];
  /** The callback to the facility's number of record (decision 0042): the number it may dial (null: none, with why), and each call. */
  callback?: VerificationCallbacks<Time>;
}

/** The callbacks of a lead as staff read them (decision 0042). */
export interface VerificationCallbacks<Time = string> {
  /** Ten digits, or null when no registry record may be called (`why` says so). */
  number: string | null;
  why: string | null;
  calls: {
    attempt: number;
    status: string;
    phone: string;
    placedBy: string;
    dueAt: Time;
    placedAt: Time | null;
    endedAt: Time | null;
    /** yes | no | unsure | no_answer; null while under way. */
    outcome: string | null;
    answeredBy: string | null;
    transcript: string | null;
  }[];
}

/** GET /api/staff/leads/counts: how many leads stand at each step of the pipeline. */
export interface LeadCounts {
  counts: Record<PipelineStatus, number>;
}

/** POST /api/staff/leads/:id/verification and …/callback: the lead's Verification section read again. */
export interface VerificationAnswer<Time = string> {
  verification: LeadVerification<Time> | null;
}

/** POST /api/staff/leads/:id/steps: the step recorded on the lead's timeline. */
export interface StepRecorded<Status = PipelineStatus> {
  transition: PipelineTransition<string, Status>;
}

/** POST /api/staff/leads/:id/deliveries/:deliveryId/retry: the forwarding due again. */
export interface DeliveryRetried {
  retried: 1;
}
