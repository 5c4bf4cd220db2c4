import { FORM_STEP_PATH, type CountedForm, type FormStep } from "../../domain/form-steps";
import { parseUtm, trafficSourceFromUtm } from "./utm";

/**
 * The form's step counts (decision 0039): one beacon per step per page load, first-party and
 * cookieless. The request carries the form, the step and the page's traffic source (from its
 * utm_source, else "direct") in its query string; no cookie, no identifier. What was sent lives in
 * this module for the page load only.
 */
const sent = new Set<string>();

export function countFormStep(form: CountedForm, step: FormStep): void {
  const key = `${form}:${step}`;
  if (sent.has(key) || typeof navigator === "undefined" || !navigator.sendBeacon) return;
  sent.add(key);
  const source = trafficSourceFromUtm(parseUtm(window.location.search)) ?? "direct";
  navigator.sendBeacon(`${FORM_STEP_PATH}?${new URLSearchParams({ form, step, source })}`);
}
