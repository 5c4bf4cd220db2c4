import { useEffect, useSyncExternalStore } from "react";
import { regionOfCode, spotsClaim, type OnboardingSpots, type SpotsClaim } from "../../domain/onboarding-spots";
import { usStateCode } from "../../domain/us-states";
import { isRecord } from "./is-record";

/**
 * The onboarding claim's figures (decision 0039), read after hydration from GET /api/onboarding/spots
 * (the server counts them from first filled shifts, at most a minute old): the featured region's,
 * or the region of the state a visitor picked in a form. One small store the landing's claim and
 * the forms share (features never import each other).
 */
let spots: OnboardingSpots | undefined;
let loadedAt = 0;
let pickedState = "";
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

const isSpots = (value: unknown): value is OnboardingSpots =>
  isRecord(value) && typeof value.featured === "string" && Array.isArray(value.regions);

/** Reads the figures (again when older than a minute); a failure leaves the page's sentence as it is. */
async function load(): Promise<void> {
  if (Date.now() - loadedAt < 60_000) return;
  loadedAt = Date.now();
  try {
    const response = await fetch("/api/onboarding/spots");
    const body: unknown = response.ok ? await response.json() : undefined;
    if (isSpots(body)) {
      spots = body;
      notify();
    }
  } catch {
    loadedAt = 0; // offline: the next call tries again
  }
}

/** A form tells which state the visitor picked (empty: none). */
export function pickState(state: string): void {
  if (state === pickedState) return;
  pickedState = state;
  notify();
  void load();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => spots;
const pickedSnapshot = () => pickedState;

/**
 * The claim to show: undefined until the figures arrive (the prerendered sentence stays); for the
 * picked state's region when it has one, else the featured region.
 */
export function useSpotsClaim(): SpotsClaim | undefined {
  const current = useSyncExternalStore(subscribe, snapshot, () => undefined);
  const state = useSyncExternalStore(subscribe, pickedSnapshot, () => "");
  useEffect(() => void load(), []);
  if (!current) return undefined;
  const picked = regionOfCode(current, usStateCode(state));
  return spotsClaim(picked ?? current.regions.find((region) => region.name === current.featured));
}

/** The picked state's region claim only (a form's waiting-list note); undefined before a state is picked. */
export function usePickedRegionClaim(): SpotsClaim | undefined {
  const current = useSyncExternalStore(subscribe, snapshot, () => undefined);
  const state = useSyncExternalStore(subscribe, pickedSnapshot, () => "");
  if (!current || !state) return undefined;
  const picked = regionOfCode(current, usStateCode(state));
  return picked ? spotsClaim(picked) : undefined;
}
