import { and, eq, inArray, isNull, lte, notInArray, sql, type SQL } from "drizzle-orm";
import { CALL_PROMISE_HOURS, GIFT_CARD_PROMISE_HOURS } from "../../domain/incentive-pipeline";
import type { DueKind } from "../../domain/lead-list-filters";
import { UNDELIVERED_STATUSES } from "../../domain/rewards";
import { CARD_HELD_FOR_REVIEW, NOT_CHECKED_YET } from "../../domain/verification-words";
import { bookings, contactOptOuts, facilityLeads, leadVerifications, rewards } from "./schema";

/**
 * The Due view's kinds (the lead list's `due` filter): which leads each one lists, and why a
 * lead needs a person. "verification" lists the leads not verified yet whose latest
 * verification did not verify them (or that were never checked), and those whose card the
 * rewards provider holds for a fraud review. A lead whose person asked not to be contacted is no
 * call and no verification due (decision 0035), nor is a lead that never qualified a call due.
 */

const hoursAgo = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000);

/** The lead's latest verification's decision and reasons (correlated: one index scan per row shown). */
const latest = (column: SQL) =>
  sql`(select ${column} from ${leadVerifications} v where v.lead_id = ${facilityLeads.id} order by v.checked_at desc, v.id desc limit 1)`;
const latestDecision = latest(sql`v.decision`);
const latestReasons = latest(sql`v.reasons`);

/** The lead's person asked not to be contacted, by its e-mail address or its phone (as privacy/do-not-contact.ts reads it). */
export const doNotContact = sql`exists (select 1 from ${contactOptOuts} o where o.email = lower(${facilityLeads.email}) or o.phone_digits = right(regexp_replace(${facilityLeads.phone}, '\\D', '', 'g'), 10))`;

const flaggedReward = sql`exists (select 1 from ${rewards} where ${rewards.leadId} = ${facilityLeads.id} and ${rewards.fraudStatus} = 'flagged')`;

/** The conditions a due kind adds to the list's WHERE. */
export function dueConditions(due: DueKind, now: Date): SQL[] {
  switch (due) {
    case "verification":
      return [
        sql`((${inArray(facilityLeads.pipelineStatus, ["new", "qualified"])} and coalesce(${latestDecision}, '') <> 'verified' and not ${doNotContact}) or ${flaggedReward})`,
      ];
    case "call":
      return [
        isNull(facilityLeads.staffActedAt),
        lte(facilityLeads.receivedAt, hoursAgo(now, CALL_PROMISE_HOURS)),
        notInArray(facilityLeads.pipelineStatus, ["new", "rejected"]),
        sql`not ${doNotContact}`,
        // A lead who booked a call (decision 0036) is handled until that call's time has passed.
        sql`not exists (select 1 from ${bookings} where ${bookings.leadId} = ${facilityLeads.id} and ${bookings.status} = 'booked' and ${bookings.endAt} > ${now.toISOString()})`,
      ];
    case "gift_card":
      return [
        eq(facilityLeads.pipelineStatus, "role_verified"),
        lte(facilityLeads.roleVerifiedAt, hoursAgo(now, GIFT_CARD_PROMISE_HOURS)),
      ];
    case "card_delivery": {
      const late = and(
        eq(rewards.leadId, facilityLeads.id),
        inArray(rewards.status, [...UNDELIVERED_STATUSES]),
        lte(rewards.requestedAt, hoursAgo(now, GIFT_CARD_PROMISE_HOURS)),
      );
      return [sql`exists (select 1 from ${rewards} where ${late})`];
    }
  }
}

/**
 * Why a lead of the "verification" kind needs a person, as stored: the provider's flag, else the
 * latest verification's reasons, else "not checked yet". The list puts them in the order that
 * decides (`inDecidingOrder`, src/domain/verification-words.ts).
 */
export const dueReasons = sql<
  string[]
>`case when ${flaggedReward} then jsonb_build_array(${CARD_HELD_FOR_REVIEW}::text) else coalesce(${latestReasons}, jsonb_build_array(${NOT_CHECKED_YET}::text)) end`;
