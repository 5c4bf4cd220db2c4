import { useEffect, type RefObject } from "react";
import { STEP_OF_NUMBER, type CountedForm } from "../../domain/form-steps";
import type { WizardStep } from "../../domain/wizard-steps";
import { countFormStep } from "../lib/form-step-beacon";
import { pickState } from "../lib/onboarding-spots-store";

/**
 * What both facility wizards tell the page (decision 0039): the step counts (step 1 once the form is
 * on screen, steps 2 and 3 once reached; "submitted" is counted by the form once its lead is stored;
 * each once per page load) and the
 * state picked, so the onboarding claim names the visitor's region.
 */
export function useFormSignals(
  form: CountedForm,
  { step, location, formRef }: { step: WizardStep; location: string; formRef: RefObject<HTMLElement | null> },
): void {
  useEffect(() => pickState(location), [location]);
  useEffect(() => {
    if (step > 1) return countFormStep(form, STEP_OF_NUMBER[step]);
    const element = formRef.current;
    if (!element || typeof IntersectionObserver === "undefined") return countFormStep(form, "shown");
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      countFormStep(form, "shown");
      observer.disconnect();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [form, step, formRef]);
}
