import { readFileSync } from "node:fs";
import { z } from "zod";
import { BEA_REGIONS, parseRegionMap, type RegionMap } from "../domain/onboarding-regions";
import { count, emptyToUndefined } from "./config-fields";

/** The settings of the onboarding claim on the landing page (decision 0039): "N spots left in the <Region>". */
export const REPORTS_SETTINGS = {
  /** New facilities each region onboards per quarter (the spec's 15); 0 turns the claim off. */
  ONBOARDING_CAPACITY_PER_QUARTER: count(15),
  /** The region the landing page names before a visitor picks a state (a region of the map). */
  ONBOARDING_FEATURED_REGION: z.preprocess(emptyToUndefined, z.string().trim().min(1).default("Southeast")),
  /** A JSON file mapping region names to state codes, in place of the eight BEA regions. */
  ONBOARDING_REGIONS_FILE: z.preprocess(emptyToUndefined, z.string().optional()),
};

type ReportsEnv = {
  ONBOARDING_REGIONS_FILE?: string | undefined;
  ONBOARDING_FEATURED_REGION: string;
  ONBOARDING_CAPACITY_PER_QUARTER: number;
};

/** The region map in force: the operator's file, else the BEA regions; a problem in words, naming its variable. */
export function regionMapOf(
  env: Pick<ReportsEnv, "ONBOARDING_REGIONS_FILE">,
): { map: RegionMap } | { variable: string; error: string } {
  if (!env.ONBOARDING_REGIONS_FILE) return { map: BEA_REGIONS };
  let text: string;
  try {
    text = readFileSync(env.ONBOARDING_REGIONS_FILE, "utf8");
  } catch {
    return { variable: "ONBOARDING_REGIONS_FILE", error: `cannot read ${env.ONBOARDING_REGIONS_FILE}` };
  }
  const parsed = parseRegionMap(text);
  return "map" in parsed ? parsed : { variable: "ONBOARDING_REGIONS_FILE", error: parsed.error };
}

/** The start's check: a readable map, and the featured region one of its regions (while the claim is on). */
export function checkReportsSettings(env: ReportsEnv, context: z.RefinementCtx): void {
  const regions = regionMapOf(env);
  if (!("map" in regions)) {
    context.addIssue({ code: "custom", path: [regions.variable], message: regions.error });
    return;
  }
  if (env.ONBOARDING_CAPACITY_PER_QUARTER > 0 && !Object.hasOwn(regions.map, env.ONBOARDING_FEATURED_REGION))
    context.addIssue({
      code: "custom",
      path: ["ONBOARDING_FEATURED_REGION"],
      message: `must be one of the regions: ${Object.keys(regions.map).join(", ")}`,
    });
}
