import { isCompletePhone } from "./phone";

/**
 * The three steps of both facility wizards (spec 2.1, 2.2, 4) and their gating
 * (spec 5.3 "Next enabled only when the step's required fields are present", spec 5.4).
 */

export const WIZARD_STEP_COUNT = 3;
export type WizardStep = 1 | 2 | 3;

export interface FacilityFormValues {
  facilityName: string;
  facilityType: string;
  location: string;
  rolesNeeded: string[];
  urgency: string;
  shiftTypes: string[];
  firstName: string;
  lastName: string;
  title: string;
  email: string;
  phone: string;
  trafficSource: string;
  consentAgreed: boolean;
}

export type FacilityField = keyof FacilityFormValues;

export const EMPTY_FACILITY_FORM: FacilityFormValues = {
  facilityName: "",
  facilityType: "",
  location: "",
  rolesNeeded: [],
  urgency: "",
  shiftTypes: [],
  firstName: "",
  lastName: "",
  title: "",
  email: "",
  phone: "",
  trafficSource: "",
  consentAgreed: false,
};

export const WIZARD_STEP_FIELDS: Record<WizardStep, readonly FacilityField[]> = {
  1: ["facilityName", "facilityType", "location"],
  2: ["rolesNeeded", "urgency", "shiftTypes"],
  3: ["firstName", "lastName", "title", "email", "phone", "trafficSource", "consentAgreed"],
};

export function stepOfField(field: string): WizardStep | undefined {
  for (const step of [1, 2, 3] as const) {
    if ((WIZARD_STEP_FIELDS[step] as readonly string[]).includes(field)) return step;
  }
  return undefined;
}

/** A field holds an answer: ticked, at least one choice, or text other than spaces. */
export const isPresent = (value: string | string[] | boolean): boolean =>
  typeof value === "boolean" ? value : Array.isArray(value) ? value.length > 0 : value.trim() !== "";

const OPTIONAL: readonly FacilityField[] = ["title"];

/** Landing page (5.3): every required field of the step is present. */
export function isHomepageStepComplete(step: WizardStep, values: FacilityFormValues): boolean {
  return WIZARD_STEP_FIELDS[step].filter((f) => !OPTIONAL.includes(f)).every((f) => isPresent(values[f]));
}

/** Qualification page (5.4): as above, and on step 3 the phone must hold 10 digits. */
export function isQualifyStepComplete(step: WizardStep, values: FacilityFormValues): boolean {
  return isHomepageStepComplete(step, values) && (step !== 3 || isCompletePhone(values.phone));
}

/** Toggle a value in a multi-select (spec 4: clicking a selected value removes it). */
export function toggleValue(selected: readonly string[], value: string): string[] {
  return selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value];
}

export const clampStep = (step: number): WizardStep => Math.min(3, Math.max(1, Math.round(step))) as WizardStep;
