import { quarterOf, regionSpots, type OnboardingSpots } from "../../domain/onboarding-spots";
import type { RegionMap } from "../../domain/onboarding-regions";
import type { Database } from "../store/database";
import { onboardedByRegion } from "./onboarded-facilities";

export interface SpotsSettings {
  capacity: number;
  featured: string;
  regions: RegionMap;
  /** How long one answer is served before it is counted again (30 s: with the page's HTTP cache, under a minute). */
  maxAgeMs: number;
}

/**
 * The spots figure, counted at most once per `maxAgeMs` whatever the traffic: one count in
 * flight at a time, its answer shared by every request meanwhile. With capacity 0 nothing is
 * counted (the claim is off).
 */
export function spotsCache(db: () => Database, settings: SpotsSettings, clock: () => Date = () => new Date()) {
  let cached: { at: number; value: Promise<OnboardingSpots> } | undefined;
  const count = async (now: Date): Promise<OnboardingSpots> => {
    const onboarded =
      settings.capacity === 0 ? new Map<string, number>() : await onboardedByRegion(db(), settings.regions, now);
    return {
      quarter: quarterOf(now),
      featured: settings.featured,
      regions: regionSpots(settings.regions, settings.capacity, onboarded),
    };
  };
  return {
    get(): Promise<OnboardingSpots> {
      const now = clock();
      if (!cached || now.getTime() - cached.at >= settings.maxAgeMs) {
        const value = count(now);
        cached = { at: now.getTime(), value };
        // A failed count is not kept: the next request counts again.
        value.catch(() => {
          if (cached?.value === value) cached = undefined;
        });
      }
      return cached.value;
    },
  };
}
