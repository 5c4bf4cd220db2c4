/** The enumerations of spec 3.4, each as ordered `{ value, label }` options. */

export interface Option<V extends string = string> {
  readonly value: V;
  readonly label: string;
}

const valuesOf = <V extends string>(options: readonly Option<V>[]) =>
  options.map((option) => option.value) as [V, ...V[]];

export const FACILITY_TYPES = [
  { value: "hospital", label: "Hospital" },
  { value: "nursing_home", label: "Nursing Home" },
  { value: "assisted_living", label: "Assisted Living" },
  { value: "skilled_nursing", label: "Skilled Nursing Facility" },
  { value: "rehabilitation", label: "Rehabilitation Center" },
  { value: "home_health", label: "Home Health Agency" },
  { value: "clinic", label: "Clinic" },
  { value: "other", label: "Other" },
] as const satisfies readonly Option[];
export type FacilityType = (typeof FACILITY_TYPES)[number]["value"];
export const FACILITY_TYPE_VALUES = valuesOf(FACILITY_TYPES);

export const ROLES = [
  { value: "CNA", label: "CNA" },
  { value: "LPN", label: "LPN" },
  { value: "RN", label: "RN" },
] as const satisfies readonly Option[];
export const ROLE_VALUES = valuesOf(ROLES);

/** Urgency: the label is the value's meaning as the forms show it. */
export const URGENCIES = [
  { value: "immediate", label: "Immediate (within 24 hours)" },
  { value: "this_week", label: "This week" },
  { value: "next_week", label: "Next week" },
  { value: "ongoing", label: "Ongoing staffing needs" },
] as const satisfies readonly Option[];
export const URGENCY_VALUES = valuesOf(URGENCIES);

/** Shift types differ by form (spec 3.4). */
export const QUALIFY_SHIFT_TYPES = [
  { value: "7a-3pm", label: "7a-3pm" },
  { value: "3pm-11pm", label: "3pm-11pm" },
  { value: "11pm-7am", label: "11pm-7am" },
  { value: "Weekend", label: "Weekend" },
] as const satisfies readonly Option[];
export const QUALIFY_SHIFT_TYPE_VALUES = valuesOf(QUALIFY_SHIFT_TYPES);

export const HOMEPAGE_SHIFT_TYPES = [
  { value: "Day Shift", label: "Day Shift" },
  { value: "Night Shift", label: "Night Shift" },
  { value: "Weekend", label: "Weekend" },
] as const satisfies readonly Option[];
export const HOMEPAGE_SHIFT_TYPE_VALUES = valuesOf(HOMEPAGE_SHIFT_TYPES);

export const TRAFFIC_SOURCES = [
  { value: "google", label: "Google" },
  { value: "linkedin", label: "LinkedIn" },
  { value: "facebook", label: "Facebook" },
  { value: "instagram", label: "Instagram" },
  { value: "twitter", label: "Twitter / X" },
  { value: "youtube", label: "YouTube" },
  { value: "referral", label: "Referral" },
  { value: "email", label: "Email" },
  { value: "direct", label: "Direct" },
  { value: "other", label: "Other" },
] as const satisfies readonly Option[];
export type TrafficSource = (typeof TRAFFIC_SOURCES)[number]["value"];
export const TRAFFIC_SOURCE_VALUES = valuesOf(TRAFFIC_SOURCES);

/** Nurse classifications: the distinct values of spec 3.1. */
export const CLASSIFICATIONS = [
  { value: "CNA", label: "CNA" },
  { value: "LPN", label: "LPN" },
  { value: "RN", label: "RN" },
  { value: "CNA & CMA", label: "CNA & CMA" },
  { value: "CMA/CMT", label: "CMA/CMT" },
] as const satisfies readonly Option[];
export const CLASSIFICATION_VALUES = valuesOf(CLASSIFICATIONS);

/** The forms a facility lead can come from; the value is also the payload's `source`. */
export const LEAD_FORMS = ["qualify_page", "homepage_form", "chat"] as const;

/** Fixed `source` labels of the outbound payloads (spec 3.1-3.3 leave the values open). */
export const SOURCE_LABELS = {
  qualify_page: "qualify_page",
  homepage_form: "homepage_form",
  chat: "qualification_chat",
  nurse_application: "nurse_application_form",
} as const;

export function labelOf(options: readonly Option[], value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}
