import {
  REJECTION_REASONS,
  VERIFICATION_METHODS,
  roleDecisionsAt,
  type PipelineStatus,
  type RejectionReason,
  type RoleDecision,
  type VerificationMethod,
} from "./incentive-pipeline";
import { AUTOMATIC_VERIFICATION_ACTOR } from "./automatic-verification";
import type { VerificationDecision } from "./verification-policy";
import { inDecidingOrder } from "./verification-words";

/**
 * Where a lead stands, derived once: the lead's header, its Verification section, the
 * lists and the Due view all read this, so a person's decision on the role replaces what the
 * automatic check said everywhere, and the forms for a decided step are gone.
 */

/** The step that decided the role: the latest "role verified" or "rejected" of the lead's timeline. */
export interface RoleStep {
  toStatus: string;
  actor: string;
  at: string;
  details?: Record<string, string | number> | null;
  note?: string | null;
}

export type RoleStanding =
  /** A member of staff verified the role (`method`) or declined it (`reason`). */
  | { kind: "verified_by_person"; by: string; at: string; method: VerificationMethod | null; note: string }
  | { kind: "declined"; by: string; at: string; reason: RejectionReason | null; note: string }
  /** The registries and the confirmed work address verified it on their own. */
  | { kind: "verified_automatically"; at: string }
  /** The automatic check did not verify it: a person decides, for these reasons (the deciding one first). */
  | { kind: "needs_person"; reasons: string[] }
  /** Never checked against the registries, and no one decided yet. */
  | { kind: "not_checked" };

export interface LeadStanding {
  status: PipelineStatus;
  role: RoleStanding;
  /** The role decisions still offered: none once a person decided. */
  roleDecisions: RoleDecision[];
  /** Whether the registries may be asked: "first" (never checked), "again", or not at all once decided. */
  check: "first" | "again" | null;
}

const ROLE_STEPS = new Set(["role_verified", "rejected"]);

/** The latest step that decided the role, from a timeline in any order. */
export function roleStepOf<T extends RoleStep>(timeline: readonly T[]): T | undefined {
  return timeline
    .filter((t) => ROLE_STEPS.has(t.toStatus))
    .reduce<T | undefined>((latest, t) => (!latest || t.at >= latest.at ? t : latest), undefined);
}

const staffOf = (actor: string) => (actor.startsWith("staff:") ? actor.slice(6) : undefined);

const oneOf = <T extends string>(list: readonly T[], value: unknown): T | null =>
  (list as readonly unknown[]).includes(value) ? (value as T) : null;

/** The lead's standing from its status, the step that decided its role (if any) and its latest automatic check. */
export function leadStanding(input: {
  status: PipelineStatus;
  roleStep?: RoleStep | null | undefined;
  verification?: { decision: VerificationDecision; reasons: readonly string[] } | null | undefined;
}): LeadStanding {
  const { status, roleStep, verification } = input;
  const person = roleStep ? staffOf(roleStep.actor) : undefined;
  if (roleStep && person !== undefined) {
    const note = roleStep.note ?? "";
    const role: RoleStanding =
      roleStep.toStatus === "rejected"
        ? {
            kind: "declined",
            by: person,
            at: roleStep.at,
            reason: oneOf(REJECTION_REASONS, roleStep.details?.reason),
            note,
          }
        : {
            kind: "verified_by_person",
            by: person,
            at: roleStep.at,
            method: oneOf(VERIFICATION_METHODS, roleStep.details?.method),
            note,
          };
    return { status, role, roleDecisions: [], check: null };
  }
  const decisions = roleDecisionsAt(status);
  if (roleStep?.actor === AUTOMATIC_VERIFICATION_ACTOR && roleStep.toStatus === "role_verified")
    return { status, role: { kind: "verified_automatically", at: roleStep.at }, roleDecisions: decisions, check: null };
  const open = status === "new" || status === "qualified";
  if (!verification)
    return { status, role: { kind: "not_checked" }, roleDecisions: decisions, check: open ? "first" : null };
  return {
    status,
    role: { kind: "needs_person", reasons: inDecidingOrder(verification.reasons) },
    roleDecisions: decisions,
    check: open ? "again" : null,
  };
}

/** Whether a person decided the role (the forms for it are gone). */
export const decidedByPerson = (standing: LeadStanding) =>
  standing.role.kind === "verified_by_person" || standing.role.kind === "declined";
