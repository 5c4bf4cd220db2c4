/**
 * "N spots left" (decision 0039): the onboarding capacity per region per quarter, and how many
 * facilities were onboarded there (the quarter of each facility's first filled shift).
 * Pure, and without zod: the landing page imports it.
 */
import type { RewardStatus } from "./rewards";

/** The calendar quarter (UTC) of a time, as "2026-Q4". */
export function quarterOf(at: Date): string {
  return `${at.getUTCFullYear()}-Q${Math.floor(at.getUTCMonth() / 3) + 1}`;
}

/** The quarter's first instant and the next quarter's (UTC). */
export function quarterBounds(at: Date): { start: Date; end: Date } {
  const firstMonth = Math.floor(at.getUTCMonth() / 3) * 3;
  return {
    start: new Date(Date.UTC(at.getUTCFullYear(), firstMonth, 1)),
    end: new Date(Date.UTC(at.getUTCFullYear(), firstMonth + 3, 1)),
  };
}

/** Spots left in a region: never below zero (a region can onboard past its capacity). */
export function spotsLeft(capacity: number, onboarded: number): number {
  return Math.max(0, capacity - onboarded);
}

/** One region's figure, as GET /api/onboarding/spots answers it. */
export interface RegionSpots {
  name: string;
  capacity: number;
  onboarded: number;
  left: number;
  /** Its states' two-letter codes (the page finds a visitor's region from the state picked). */
  states: readonly string[];
}

/** What GET /api/onboarding/spots answers; `featured` the region the landing page names first. */
export interface OnboardingSpots {
  quarter: string;
  featured: string;
  regions: RegionSpots[];
}

/** Each region's figure, in the map's order, from the facilities onboarded per region this quarter. */
export function regionSpots(
  regions: Readonly<Record<string, readonly string[]>>,
  capacity: number,
  onboardedByRegion: ReadonlyMap<string, number>,
): RegionSpots[] {
  return Object.entries(regions).map(([name, states]) => {
    const onboarded = onboardedByRegion.get(name) ?? 0;
    return { name, capacity, onboarded, left: spotsLeft(capacity, onboarded), states };
  });
}

/** The region of a state's two-letter code in the answer, if any. */
export function regionOfCode(spots: OnboardingSpots, code: string | undefined): RegionSpots | undefined {
  return code ? spots.regions.find((region) => region.states.includes(code)) : undefined;
}

/** What the page claims for a region: nothing when the claim is off (capacity 0), "full", or the spots left. */
export type SpotsClaim =
  { kind: "off" } | { kind: "full"; region: string } | { kind: "left"; region: string; left: number };

export function spotsClaim(region: RegionSpots | undefined): SpotsClaim {
  if (!region || region.capacity === 0) return { kind: "off" };
  return region.left === 0
    ? { kind: "full", region: region.name }
    : { kind: "left", region: region.name, left: region.left };
}

/**
 * The key of a facility counted once (by the registry number the verification matched, else its
 * name and state); an erased lead's name is gone, so it is its own facility.
 */
export function facilityKey(lead: {
  id: string;
  facilityName: string;
  state: string;
  npi?: string | null;
  ccn?: string | null;
  erased: boolean;
}): string {
  if (lead.npi) return `npi:${lead.npi}`;
  if (lead.ccn) return `ccn:${lead.ccn}`;
  if (lead.erased) return `lead:${lead.id}`;
  return `name:${lead.facilityName.trim().toLowerCase().replace(/\s+/g, " ")}|${lead.state}`;
}

/** What a lead's first filled shift rests on, as the spots claim weighs it (decision 0043). */
export interface FilledShiftEvidence {
  /** The registry numbers of the lead's latest verification. */
  npi?: string | null;
  ccn?: string | null;
  /** The step was recorded by an admin. */
  recordedByAdmin: boolean;
  /** The lead's card as ordered from the rewards provider, if it was (a manual reference is no order). */
  cardOrder?: { status: string; fraudStatus: string | null } | null;
}

/** A card the provider accepted and holds no longer for fraud: money that left the account. */
const REAL_ORDER_STATUSES: readonly RewardStatus[] = ["ordered", "pending_approval", "delivered", "failed"];

/**
 * Whether a filled shift counts toward the public claim (decision 0043): the facility has a registry
 * match (its latest verification has an NPI or CCN), and the shift was recorded by an admin or
 * its lead's card was really ordered from the provider. One staff member stepping made-up leads
 * with a typed card reference cannot move the claim.
 */
export function countsTowardSpots(shift: FilledShiftEvidence): boolean {
  if (!shift.npi && !shift.ccn) return false;
  if (shift.recordedByAdmin) return true;
  const order = shift.cardOrder;
  return (
    !!order &&
    (REAL_ORDER_STATUSES as readonly string[]).includes(order.status) &&
    (order.fraudStatus === null || order.fraudStatus === "released")
  );
}
