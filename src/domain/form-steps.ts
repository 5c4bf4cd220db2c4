/**
 * Where visitors leave the forms (decision 0039): the landing page's three-step form and /qualify
 * count step 1 shown, steps 2 and 3 reached, and submitted, once each per page load, per UTC day
 * and traffic source. First-party and cookieless: the count is all that is kept. No zod here: the
 * public pages import these names (the beacon's request is checked in form-step-requests.ts).
 */
export const FORM_STEPS = ["shown", "step2", "step3", "submitted"] as const;
export type FormStep = (typeof FORM_STEPS)[number];

export const COUNTED_FORMS = ["homepage_form", "qualify_page"] as const;
export type CountedForm = (typeof COUNTED_FORMS)[number];

/** Where the beacon goes (POST, the step in the query string, no body). */
export const FORM_STEP_PATH = "/api/form-steps";

/** A step's number (1-3) as the beacon's step; "submitted" is its own. */
export const STEP_OF_NUMBER: Record<1 | 2 | 3, FormStep> = { 1: "shown", 2: "step2", 3: "step3" };

/** One form's counts per step over a range, and the share of page loads that got to each. */
export interface FormStepFunnel {
  form: CountedForm;
  steps: { step: FormStep; count: number }[];
}

/**
 * How many beacons one client (an IPv4 address, an IPv6 /64) has counted (decision 0043): a page load
 * sends at most four, so a burst past a minute's limit or a day's is a script; its beacons are
 * answered as every other is and not counted.
 */
export const FORM_STEP_LIMITS = { perClientPerMinute: 30, perClientPerDay: 200 } as const;
