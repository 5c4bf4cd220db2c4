import { z } from "zod";
import { US_STATES, usStateCode } from "./us-states";

/**
 * Regions of states for the onboarding capacity (decision 0039): the spec's "15 new facilities per
 * region per quarter". The default is the eight regions of the US Bureau of Economic Analysis;
 * an operator may replace the map (ONBOARDING_REGIONS_FILE), checked by `parseRegionMap`.
 */
export type RegionMap = Readonly<Record<string, readonly string[]>>;

/** The BEA regions, by two-letter state code (DC is in the Mideast). */
export const BEA_REGIONS: RegionMap = {
  "New England": ["CT", "ME", "MA", "NH", "RI", "VT"],
  Mideast: ["DE", "DC", "MD", "NJ", "NY", "PA"],
  "Great Lakes": ["IL", "IN", "MI", "OH", "WI"],
  Plains: ["IA", "KS", "MN", "MO", "NE", "ND", "SD"],
  Southeast: ["AL", "AR", "FL", "GA", "KY", "LA", "MS", "NC", "SC", "TN", "VA", "WV"],
  Southwest: ["AZ", "NM", "OK", "TX"],
  "Rocky Mountain": ["CO", "ID", "MT", "UT", "WY"],
  "Far West": ["AK", "CA", "HI", "NV", "OR", "WA"],
};

const STATE_CODES = new Set([...US_STATES.map((s) => usStateCode(s.value)), "DC"]);

/** An operator's map: `{ "<region>": ["GA", "FL", ...] }`, each a known state code, no state in two regions. */
const RegionMapSchema = z
  .record(
    z.string().trim().min(1, "a region needs a name").max(60, "a region's name must be at most 60 characters"),
    z.array(z.string().transform((code) => code.trim().toUpperCase())).min(1, "a region needs at least one state"),
  )
  .superRefine((map, context) => {
    const seen = new Map<string, string>();
    for (const [region, codes] of Object.entries(map)) {
      for (const code of codes) {
        if (!STATE_CODES.has(code))
          context.addIssue({ code: "custom", message: `${region}: "${code}" is not a US state code` });
        else if (seen.has(code))
          context.addIssue({ code: "custom", message: `${code} is in both ${seen.get(code)} and ${region}` });
        seen.set(code, region);
      }
    }
    if (Object.keys(map).length === 0) context.addIssue({ code: "custom", message: "the map has no region" });
  });

/** The map from JSON text, or the problem in words. */
export function parseRegionMap(json: string): { map: RegionMap } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { error: "is not JSON" };
  }
  const result = RegionMapSchema.safeParse(value);
  return result.success ? { map: result.data } : { error: result.error.issues.map((i) => i.message).join("; ") };
}

/** The region of a state, by its name or code ("Georgia", "GA"); undefined when the map has none for it. */
export function regionOfState(map: RegionMap, state: string): string | undefined {
  const code = usStateCode(state) ?? (state.trim().toUpperCase() === "DC" ? "DC" : undefined);
  if (!code) return undefined;
  return Object.keys(map).find((region) => map[region]!.includes(code));
}

/** Every state's name (as leads store it) with its region: what the reports group by in SQL. */
export function regionsByStateName(map: RegionMap): Record<string, string> {
  const byName: Record<string, string> = {};
  for (const { value } of US_STATES) {
    const region = regionOfState(map, value);
    if (region) byName[value] = region;
  }
  return byName;
}
