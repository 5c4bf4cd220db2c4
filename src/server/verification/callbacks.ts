import { QUALIFICATION_ROLES } from "../../domain/qualification-questions";
import { timeZoneOfState } from "../../domain/state-time-zones";
import {
  CALLBACKS_PER_FACILITY_MONTHLY,
  afterOutcome,
  nextBusinessDayStart,
  nextWithinHours,
  parseCallbackHours,
  type CallbackHours,
} from "../../domain/verification-callback";
import type { FacilityMatch } from "../../domain/verification-match";
import type { Config } from "../config";
import { voiceCallRefused } from "../privacy";
import type { Database } from "../store/database";
import {
  callbackStateOf,
  callbacksDue,
  callbacksPlacedSince,
  markCallback,
  scheduleCallback,
  takeCallback,
  type CallbackRow,
} from "../store/verification-callbacks-repository";
import { placeOutboundCall, type OutboundCallSettings } from "./callback-call";
import { pipelineStateOf } from "./runner-repository";
import { latestVerification, leadForVerification } from "./verification-repository";

/**
 * Placing the callbacks (decision 0042): an attempt is scheduled when a decision says
 * one is due (only the tie is missing and the registry holds a number a fraudster could not
 * have set), placed within the facility's business hours on its state's clock, a limited
 * number a day and per facility a month, never for a spam, erased, do-not-contact or already
 * verified lead. After no answer it is tried once more the next business day.
 */

const CALLBACK_ACTOR = "system:verification";
const DAY_MS = 86_400_000;
const CALLER = "a healthcare staffing provider";

export interface CallbackSettings {
  hours: CallbackHours;
  dailyLimit: number;
  call: OutboundCallSettings;
}

/** The callback settings from the config; undefined when VERIFICATION_CALLBACK is off. */
export function callbackSettingsOf(config: Config): CallbackSettings | undefined {
  if (!config.VERIFICATION_CALLBACK || !config.VAPI_PRIVATE_KEY || !config.VAPI_PHONE_NUMBER_ID) return undefined;
  if (!config.VOICE_WEBHOOK_SECRET || !config.SITE_URL) return undefined;
  return {
    hours: parseCallbackHours(config.VERIFICATION_CALLBACK_HOURS) ?? {
      any: false,
      days: [1, 2, 3, 4, 5],
      from: 540,
      to: 1020,
    },
    dailyLimit: config.VERIFICATION_CALLBACKS_DAILY_LIMIT,
    call: {
      privateKey: config.VAPI_PRIVATE_KEY,
      apiUrl: config.VAPI_API_URL,
      phoneNumberId: config.VAPI_PHONE_NUMBER_ID,
      siteUrl: config.SITE_URL,
      secret: config.VOICE_WEBHOOK_SECRET,
      secretHeader: config.VOICE_WEBHOOK_SECRET_HEADER,
    },
  };
}

/** What a decision's evidence says of the callback (verify-lead.ts `VerificationEvidence.callback`). */
export interface CallbackEvidence {
  phone: string | null;
  facilityKey: string | null;
  due: boolean;
}

/** The facility a number is the record of: a few calls per facility a month. */
export const facilityKeyOf = (match: Pick<FacilityMatch, "npi" | "ccn">): string | null =>
  match.ccn ? `ccn:${match.ccn}` : match.npi ? `npi:${match.npi}` : null;

export class Callbacks {
  constructor(
    private readonly db: Database,
    private readonly settings: CallbackSettings,
  ) {}

  /** Schedules the lead's next attempt after a decision that says one is due; the new row, or undefined. */
  async schedule(
    leadId: string,
    evidence: CallbackEvidence,
    now: Date,
    placedBy = CALLBACK_ACTOR,
  ): Promise<CallbackRow | undefined> {
    if (!evidence.phone || !evidence.facilityKey) return undefined;
    const lead = await leadForVerification(this.db, leadId);
    if (!lead) return undefined;
    const state = await callbackStateOf(this.db, leadId);
    const zone = timeZoneOfState(lead.location);
    // A retry waits for the next business day; a first call (or one by hand) goes at the next hour allowed.
    const retry = state && state.outcome === "no_answer" && placedBy === CALLBACK_ACTOR;
    // One call at a time: none while one waits or is under way; by hand, again after any outcome.
    if (state && state.outcome === null) return undefined;
    if (state && placedBy === CALLBACK_ACTOR && (!retry || afterOutcome(state) !== "retry")) return undefined;
    const dueAt = retry
      ? nextBusinessDayStart(this.settings.hours, now, zone)
      : nextWithinHours(this.settings.hours, now, zone);
    return scheduleCallback(this.db, {
      leadId,
      attempt: (state?.attempts ?? 0) + 1,
      phone: evidence.phone,
      facilityKey: evidence.facilityKey,
      placedBy,
      dueAt,
    });
  }

  /** Places every attempt whose time has come; the ids placed. */
  async placeDue(now: Date): Promise<string[]> {
    const placed: string[] = [];
    for (const row of await callbacksDue(this.db, now)) {
      if (await this.place(row, now)) placed.push(row.id);
    }
    return placed;
  }

  private async place(row: CallbackRow, now: Date): Promise<boolean> {
    const lead = await leadForVerification(this.db, row.leadId);
    const state = await pipelineStateOf(this.db, row.leadId);
    const skip = (endedReason: string) =>
      markCallback(this.db, row.id, { status: "skipped", endedReason, outcome: "unsure" }).then(() => false);
    // Spam and erased leads have no pipeline state; a lead past verification needs no call.
    if (!lead || !state) return skip("not a lead to call");
    if (state.status !== "new" && state.status !== "qualified") return skip("the lead is past verification");
    if (await voiceCallRefused(this.db, { leadId: row.leadId })) return skip("the lead asked not to be contacted");
    const zone = timeZoneOfState(lead.location);
    const next = nextWithinHours(this.settings.hours, now, zone);
    if (next > now) return markCallback(this.db, row.id, { dueAt: next }).then(() => false);
    if ((await callbacksPlacedSince(this.db, new Date(now.getTime() - DAY_MS))) >= this.settings.dailyLimit)
      return markCallback(this.db, row.id, { dueAt: new Date(now.getTime() + 3_600_000) }).then(() => false);
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    if ((await callbacksPlacedSince(this.db, monthStart, row.facilityKey)) >= CALLBACKS_PER_FACILITY_MONTHLY)
      return skip("this facility's calls for the month are used");
    if (!(await takeCallback(this.db, row.id))) return false;
    const match = await this.facilityName(row.leadId);
    const role = QUALIFICATION_ROLES.find((r) => r.value === lead.role)?.label ?? "a decision-maker";
    const result = await placeOutboundCall(this.settings.call, {
      phone: row.phone,
      leadId: row.leadId,
      callbackId: row.id,
      facts: {
        personName: `${lead.firstName} ${lead.lastName}`.trim(),
        role,
        facilityName: match ?? lead.facilityName,
        companyName: CALLER,
      },
    });
    if (!result.ok) {
      await markCallback(this.db, row.id, { status: "failed", endedReason: result.problem, outcome: "no_answer" });
      return false;
    }
    await markCallback(this.db, row.id, { status: "placed", providerCallId: result.callId, placedAt: now });
    return true;
  }

  private async facilityName(leadId: string): Promise<string | undefined> {
    const latest = await latestVerification(this.db, leadId);
    const match = (latest?.evidence as { registry?: { match?: FacilityMatch } } | undefined)?.registry?.match;
    return match?.name;
  }
}
