import { leadStanding, type LeadStanding, type RoleStep } from "../../../domain/lead-standing";
import type { PipelineStatus } from "../../../domain/incentive-pipeline";
import { STANDING_COPY } from "../../content/lead-standing-copy";
import { STATUS_LABELS } from "../../content/pipeline-labels";

/** "Nov 28" in the viewer's zone. */
const formatDay = (iso: string) => new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric" });

/** The role's standing in one sentence ("Verified by ana@… on Nov 28 (called the facility)"). */
export const standingSentence = (standing: LeadStanding) => STANDING_COPY.sentence(standing.role, formatDay);

/**
 * What a list row shows for a lead's status: while the role's decision is where the
 * lead stands, that decision and by whom ("Verified by ana@… on Nov 28 (called the facility)",
 * "Declined: not a decision maker (by …)"); else the status ("Gift card sent ($50)").
 */
export function listStatusText(row: {
  pipelineStatus: PipelineStatus;
  roleStep?: RoleStep | null | undefined;
}): string {
  const label = STATUS_LABELS[row.pipelineStatus] ?? row.pipelineStatus;
  if (row.pipelineStatus !== "role_verified" && row.pipelineStatus !== "rejected") return label;
  const standing = leadStanding({ status: row.pipelineStatus, roleStep: row.roleStep });
  return standing.role.kind === "not_checked" || standing.role.kind === "needs_person"
    ? label
    : standingSentence(standing);
}
