import type { DoNotContact } from "./do-not-contact";
import type { StaffAccount } from "./staff-accounts";
import type { QualifyPayload } from "./payloads";
import type { DuplicateFlag, PipelineStatus } from "./incentive-pipeline";
import type { QualificationAnswers } from "./qualification-questions";
import type { QualificationOutcome } from "./qualification-outcome";
import type { RegistryLink } from "./registry-links";
import type { RoleStep } from "./lead-standing";
import type { SlotsAnswer } from "./booking-requests";
import type { FormStepFunnel } from "./form-steps";
import type { RewardView } from "./rewards";
import type { RewardApprovalView } from "./reward-approvals";
import type { DomainTieCheck, VerificationDecision } from "./verification-policy";

/**
 * What the console's API answers (GET /api/staff/leads, /leads/:id), once for both sides:
 * the server checks its queries against these with `Time = Date` and the stored status as
 * text (`Status = string`), the console reads them as JSON (`Time = string`).
 */

/**
 * What the server builds for an answer the console reads as `T` (`answer satisfies
 * BuiltAs<LeadDetail>`): JSON sends a Date as its ISO string, so a Date may stand where `T` has
 * a string (not a closed set of words: a status or a role is its own); every other field is
 * `T`'s own, and a field `T` does not have is refused where the answer is written as an object
 * literal. A row spread into it is not checked for extra fields: hence the explicit column lists
 * in the queries that feed an answer.
 */
export type BuiltAs<T> = T extends string
  ? string extends T
    ? T | Date
    : T
  : T extends readonly (infer U)[]
    ? BuiltAs<U>[]
    : T extends object
      ? { [K in keyof T]: BuiltAs<T[K]> }
      : T;

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

/** One entry of the security log (GET /api/staff/security-events, admins). */
export interface SecurityLogEntry<Time = string> {
  id: string;
  at: Time;
  kind: string;
  actorEmail: string | null;
  subjectEmail: string | null;
  clientIp: string | null;
  rowCount: number | null;
  detail: Record<string, string | number | boolean> | null;
  /** How many times it happened in its window (repeats of a throttled try share one entry). */
  repeats: number;
  /** The actor's account role (admin, staff), when the actor is an account (decision 0035: the log's sentences). */
  actorRole: string | null;
  /** The lead the event names, with its facility; null when none (or erased). */
  lead: { id: string; facilityName: string | null } | null;
}

/** GET /api/staff/security-events: newest first, `nextBefore` (an opaque cursor) for the next page. */
export interface SecurityLogPage<Time = string> {
  events: SecurityLogEntry<Time>[];
  nextBefore: string | null;
}

/** One subject of the sign-in back-off (GET /api/staff/throttles, admins). */
export interface SignInThrottle<Time = string, Kind extends string = string> {
  key: string;
  kind: Kind;
  label: string;
  failures: number;
  lastFailureAt: Time;
  blockedUntil: Time | null;
}

/** GET /api/staff/throttles (admins): the subjects of the sign-in back-off, the latest failure first. */
export interface ThrottleList<Time = string> {
  throttles: SignInThrottle<Time>[];
}

/** POST /api/staff/throttles/lift: how many were lifted. */
export interface ThrottlesLifted {
  lifted: number;
}

/** What sign-in and GET /api/staff/session answer for a signed-in member of staff. */
export interface SignedIn {
  account: Pick<StaffAccount, "email" | "role"> & { secondFactor?: boolean };
  csrfToken: string;
  /** full; second_factor: the code is asked next; enrol: a second factor must be set up first. */
  stage?: "full" | "second_factor" | "enrol";
}

/** GET /api/staff/session: the signed-in member of staff, or `account: null` without a session. */
export type SessionAnswer = SignedIn | { account: null };

/** POST /api/staff/sign-out. */
export interface SignedOut {
  signedOut: true;
}

/** GET /api/staff/accounts (admins): every account, by e-mail. */
export interface AccountList<Time = string> {
  accounts: StaffAccount<Time>[];
}

/** POST /api/staff/accounts (201), /accounts/:id/disable and /accounts/:id/password: the account as it now is. */
export interface AccountAnswer<Time = string> {
  account: StaffAccount<Time>;
}

/** GET /api/staff/rewards/month (admins): what the month's rewards add up to, against REWARDS_MONTHLY_LIMIT_USD. */
export interface RewardsMonthAnswer {
  enabled: boolean;
  month: string;
  spentUsd: number;
  count: number;
  limitUsd: number | null;
}

/** GET /api/staff/leads/:id/rewards: whether a provider orders them, the default recipient, the lead's rewards. */
export interface LeadRewards<Time = string> {
  enabled: boolean;
  recipientEmail: string;
  rewards: RewardView<Time>[];
}

/** What a change's answer shows of a reward (the provider's ids are the step's reference). */
export type RewardSummary = Pick<
  RewardView,
  "id" | "step" | "amountUsd" | "status" | "recipientEmail" | "providerOrderId" | "providerRewardId" | "lastError"
>;

/** A reward ordered (201 from a paying step) or re-sent (POST …/rewards/:rewardId/resend). */
export interface RewardAnswer {
  reward: RewardSummary;
}

/** POST …/rewards/:rewardId/fraud-review with a block: the reward as blocked, with the provider's review status. */
export interface FraudReviewed {
  reward: RewardSummary & { fraudStatus: string | null };
}

/** GET /api/staff/approvals: the approvals the query asked for, newest first. */
export interface ApprovalList<Time = string> {
  approvals: RewardApprovalView<Time>[];
}

/** 202 for an order or re-send held for a second admin (decision 0028): the approval, and why nothing was ordered. */
export interface ApprovalHeld<Time = string> {
  approval: RewardApprovalView<Time>;
  message: string;
}

/** POST /api/staff/approvals/:id/approve or /decline: the approval, and the reward an approval ordered or released. */
export interface ApprovalDecided<Time = string> {
  approval: RewardApprovalView<Time>;
  reward?: RewardSummary;
}

/** One nurse application in the console's list. */
interface NurseApplicationSummary<Time = string> {
  id: string;
  receivedAt: Time;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  classification: string;
  desiredLocation: string;
}

/** GET /api/staff/nurse-applications: a page of the search, newest first. */
export interface ApplicationPage<Time = string> {
  applications: NurseApplicationSummary<Time>[];
  nextCursor: string | null;
}

/** GET /api/staff/nurse-applications/:id: one application as the applicant sent it. */
export interface ApplicationAnswer<Time = string> {
  application: NurseApplicationSummary<Time> & {
    zipCode: string;
    message: string;
    subject: string;
    source: string;
    /** The form's own timestamp, as it sent it. */
    timestamp: string;
    userAgent: string | null;
    clientIp: string | null;
  };
}

/** GET /api/staff/leads/counts: how many leads stand at each step of the pipeline. */
export interface LeadCounts {
  counts: Record<PipelineStatus, number>;
}

/** GET /api/staff/reports/form-steps: each counted form's steps over the range. */
export interface FormStepsReport {
  from: string;
  to: string;
  forms: FormStepFunnel[];
}

/** One row of the privacy request log: what was asked and touched, never the person's data. */
export interface PrivacyRequestEntry<Time = string> {
  id: string;
  at: Time;
  /** erase | export | opt_out | erase_deferred */
  kind: string;
  /** "admin-token", "staff:<e-mail>", "link" (the person themself), "system:retention". */
  actor: string;
  reference: string;
  reason: string;
  /** How the person was named: email, phone or lead_id (not the value). */
  subjectKind: string;
  touched: Record<string, number>;
  recordIds: string[];
  /** The deferred erasure this one carries out, if any. */
  follows: string | null;
}

/** GET /api/staff/privacy/requests (admins): the request log, newest first. */
export interface PrivacyRequestLog<Time = string> {
  requests: PrivacyRequestEntry<Time>[];
}

/** One booked call in the Calls view (decision 0036), with its lead. */
export interface StaffCall<Time = string> {
  id: string;
  start: Time;
  end: Time;
  status: string;
  with: string;
  mine: boolean;
  lead: {
    id: string;
    firstName: string;
    /** The number to call (a `tel:` link) and whether the person asked not to be contacted. */
    phone: string;
    doNotContact: boolean;
    facilityName: string;
    rolesNeeded: string[];
    pipelineStatus: string;
  };
}

/** GET /api/staff/calls: the calls of the range, in the viewer's zone. */
export interface CallList<Time = string> {
  timeZone: string;
  calls: StaffCall<Time>[];
}

/** GET /api/staff/calls/:id/times: the times it may move to, in the viewer's zone, and the call as booked. */
export type CallTimes = SlotsAnswer & { booking: { id: string; start: string } };

/** POST /api/staff/calls/:id/outcome: the call as marked. */
export interface CallOutcome {
  id: string;
  status: string;
}

/** POST /api/staff/second-factor/setup: a new key, kept pending until a code confirms it. */
export interface Enrolment {
  /** The key as text, for typing into an app by hand (grouped by four). */
  secret: string;
  uri: string;
  /** The QR code of the URI as an SVG document. */
  qrSvg: string;
}

/** POST /api/staff/second-factor/confirm: the session, and the ten recovery codes shown once. */
export type SecondFactorConfirmed = SignedIn & { recoveryCodes: string[] };

/** POST /api/staff/leads/:id/verification and …/callback: the lead's Verification section read again. */
export interface VerificationAnswer<Time = string> {
  verification: LeadVerification<Time> | null;
}

/** POST /api/staff/privacy/erase: erased (200), or waiting for cards in flight (202, with the words). */
export type EraseAnswer =
  | { status: "erased"; requestId: string; touched: Record<string, number>; records: number }
  | { status: "deferred"; requestId: string; records: number; cardsInFlight: number; message: string };

/** POST /api/staff/privacy/opt-out: how many addresses and phones went on the list, never which. */
export interface OptOutAnswer {
  requestId: string;
  recorded: number;
  cancelled: number;
  leadIds: string[];
}

/** POST /api/staff/leads/:id/steps: the step recorded on the lead's timeline. */
export interface StepRecorded<Status = PipelineStatus> {
  transition: PipelineTransition<string, Status>;
}

/** POST /api/staff/leads/:id/deliveries/:deliveryId/retry: the forwarding due again. */
export interface DeliveryRetried {
  retried: 1;
}
