import type { SlotsAnswer } from "./booking-requests";
import type { FormStepFunnel } from "./form-steps";

// The answers by area, each in its own file; importers read them all from here.
export type * from "./console-lead-answers";
export type * from "./console-reward-answers";
export type * from "./console-staff-answers";

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
