import type { WizardStep } from "../../domain/wizard-steps";
import { Button, type ButtonLook } from "../components/button";
import { LAST_STEP } from "./wizard";

export interface WizardButtonsProps {
  step: WizardStep;
  isStepComplete: boolean;
  /** Posting: Previous and Submit are disabled, Submit shows `labels.submitting` with a spinner. */
  isBusy: boolean;
  /**
   * How an incomplete step is shown. "explain" (spec 5.3): Next stays focusable (aria-disabled)
   * and activating it shows the step's messages. "disable" (spec 5.4): Next and Submit are
   * disabled, and a hint beside them says what is missing.
   */
  gating: "explain" | "disable";
  labels: { previous: string; next: string; submit: string; submitting: string };
  /** With "disable": what each step still needs. */
  incompleteHints?: Record<WizardStep, string>;
  size: NonNullable<ButtonLook["size"]>;
  onPrevious: () => void;
}

const HINT_ID = "wizard-step-hint";

/**
 * Previous (disabled on step 1), Next, and on the last step Submit: the button bar of every
 * wizard. Next and Submit are the form's submit buttons (Enter in a field works too): the form's
 * submit handler advances from a step before the last.
 */
export function WizardButtons({
  step,
  isStepComplete,
  isBusy,
  gating,
  labels,
  incompleteHints,
  size,
  onPrevious,
}: WizardButtonsProps) {
  const isDisabled = gating === "disable" && !isStepComplete;
  const hint = gating === "disable" && !isStepComplete && !isBusy ? incompleteHints?.[step] : undefined;
  const describedBy = hint ? HINT_ID : undefined;
  return (
    <div className="mt-6 border-t border-slate-200 pt-5">
      {gating === "disable" ? (
        <p id={HINT_ID} className="mb-3 min-h-5 text-sm text-slate-600" aria-live="polite">
          {hint ?? ""}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-3">
        <Button tone="plain" size={size} className="min-w-28" onClick={onPrevious} disabled={step === 1 || isBusy}>
          {labels.previous}
        </Button>
        {step < LAST_STEP ? (
          // Distinct keys: React must not turn the activated Next into Submit in place, or
          // the same Enter press would also submit the last step.
          <Button
            key="next"
            tone="brand"
            size={size}
            className="min-w-28"
            type="submit"
            disabled={isDisabled}
            aria-disabled={gating === "explain" && !isStepComplete ? true : undefined}
            aria-describedby={describedBy}
          >
            {labels.next}
            <span aria-hidden="true">→</span>
          </Button>
        ) : (
          <Button
            key="submit"
            type="submit"
            size={size}
            className="min-w-28 flex-1 sm:flex-none"
            disabled={isDisabled}
            isBusy={isBusy}
            busyLabel={labels.submitting}
            aria-describedby={describedBy}
          >
            {labels.submit}
          </Button>
        )}
      </div>
    </div>
  );
}
