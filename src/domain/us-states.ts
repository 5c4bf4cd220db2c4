import type { Option } from "./enumerations";

/** The 50 US states (spec 3.4 location), by name. */
const US_STATE_PAIRS = [
  ["AL", "Alabama"],
  ["AK", "Alaska"],
  ["AZ", "Arizona"],
  ["AR", "Arkansas"],
  ["CA", "California"],
  ["CO", "Colorado"],
  ["CT", "Connecticut"],
  ["DE", "Delaware"],
  ["FL", "Florida"],
  ["GA", "Georgia"],
  ["HI", "Hawaii"],
  ["ID", "Idaho"],
  ["IL", "Illinois"],
  ["IN", "Indiana"],
  ["IA", "Iowa"],
  ["KS", "Kansas"],
  ["KY", "Kentucky"],
  ["LA", "Louisiana"],
  ["ME", "Maine"],
  ["MD", "Maryland"],
  ["MA", "Massachusetts"],
  ["MI", "Michigan"],
  ["MN", "Minnesota"],
  ["MS", "Mississippi"],
  ["MO", "Missouri"],
  ["MT", "Montana"],
  ["NE", "Nebraska"],
  ["NV", "Nevada"],
  ["NH", "New Hampshire"],
  ["NJ", "New Jersey"],
  ["NM", "New Mexico"],
  ["NY", "New York"],
  ["NC", "North Carolina"],
  ["ND", "North Dakota"],
  ["OH", "Ohio"],
  ["OK", "Oklahoma"],
  ["OR", "Oregon"],
  ["PA", "Pennsylvania"],
  ["RI", "Rhode Island"],
  ["SC", "South Carolina"],
  ["SD", "South Dakota"],
  ["TN", "Tennessee"],
  ["TX", "Texas"],
  ["UT", "Utah"],
  ["VT", "Vermont"],
  ["VA", "Virginia"],
  ["WA", "Washington"],
  ["WV", "West Virginia"],
  ["WI", "Wisconsin"],
  ["WY", "Wyoming"],
] as const;

export const US_STATES = US_STATE_PAIRS.map(([, name]) => ({ value: name, label: name })) satisfies Option[];

/** A state's name from its name or two-letter code, any case ("tx", "Texas"); undefined for anything else. */
export function usStateNamed(text: string): string | undefined {
  const wanted = text.trim().toLowerCase();
  return US_STATE_PAIRS.find(([code, name]) => code.toLowerCase() === wanted || name.toLowerCase() === wanted)?.[1];
}

/**
 * Desired job locations for nurses: the 50 states plus DC and Puerto Rico (spec 3.1), by name.
 * Sorted by code unit, the same order as a collator's for these names (enumerations.test.ts): the
 * first `localeCompare` on a page builds a collator, ~30 ms of a slow phone's main thread while
 * the visitor types into the form (decision 0022).
 */
export const DESIRED_LOCATIONS: Option[] = [
  ...US_STATES,
  { value: "District of Columbia", label: "District of Columbia" },
  { value: "Puerto Rico", label: "Puerto Rico" },
].sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));

export const US_STATE_VALUES = US_STATES.map((s) => s.value);
export const DESIRED_LOCATION_VALUES = DESIRED_LOCATIONS.map((s) => s.value);

/** A state's two-letter code from its name or code, any case ("Georgia" -> "GA"); undefined for anything else. */
export function usStateCode(text: string): string | undefined {
  const wanted = text.trim().toLowerCase();
  return US_STATE_PAIRS.find(([code, name]) => code.toLowerCase() === wanted || name.toLowerCase() === wanted)?.[0];
}
