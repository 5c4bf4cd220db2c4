import { EMPTY_FACILITY_FORM, clampStep, type FacilityFormValues, type WizardStep } from "../../../domain/wizard-steps";
import { isRecord } from "../../lib/is-record";

/** What survives a refresh (sessionStorage): the values, the step, and when the form was first shown. */
export const HOMEPAGE_DRAFT_KEY = "homepage-lead-draft:v1";

export interface HomepageDraft {
  values: Partial<FacilityFormValues>;
  step: WizardStep;
  formStartedAt: number;
}

/** Keeps only the known fields with the right types: an old or tampered draft cannot break the form. */
function cleanDraftValues(raw: unknown): Partial<FacilityFormValues> {
  if (!isRecord(raw)) return {};
  const values: Partial<Record<keyof FacilityFormValues, unknown>> = {};
  for (const [field, empty] of Object.entries(EMPTY_FACILITY_FORM) as [keyof FacilityFormValues, unknown][]) {
    const value = raw[field];
    if (
      Array.isArray(empty)
        ? Array.isArray(value) && value.every((v) => typeof v === "string")
        : typeof value === typeof empty
    ) {
      values[field] = value;
    }
  }
  return values as Partial<FacilityFormValues>;
}

export function isHomepageDraft(value: unknown): value is HomepageDraft {
  return (
    isRecord(value) &&
    isRecord(value.values) &&
    typeof value.step === "number" &&
    typeof value.formStartedAt === "number"
  );
}

export function parseDraft(value: HomepageDraft): HomepageDraft {
  return { values: cleanDraftValues(value.values), step: clampStep(value.step), formStartedAt: value.formStartedAt };
}
