import { HONEYPOT_FIELD, type FacilityFormValues, type LeadRequestInput } from "../../../domain";

/** The body of POST /api/leads for the qualification page: the fields of spec 3.2. */
export function buildQualifyLead(
  values: FacilityFormValues,
  extra: { honeypot: string; formStartedAt: number | undefined; now: Date },
): LeadRequestInput {
  return {
    form: "qualify_page",
    ...values,
    title: values.title.trim(),
    timestamp: extra.now.toISOString(),
    [HONEYPOT_FIELD]: extra.honeypot,
    ...(extra.formStartedAt === undefined ? {} : { formStartedAt: extra.formStartedAt }),
  } as LeadRequestInput;
}
