import type { WizardStep } from "../../../domain";
import { FORM_LABELS } from "../../content/form-labels";
import { LANDING_FORM_COPY } from "../../content/landing-form";

export interface WizardButtonsProps {
  step: WizardStep;
  isStepComplete: boolean;
  isSubmitting: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

const base =
  "inline-flex min-h-12 min-w-28 items-center justify-center gap-2 rounded-lg px-5 py-3 text-base font-bold transition-colors";

/**
 * Previous (disabled on step 1), Next, and on step 3 "Submit & Get Demo". Next carries
 * aria-disabled rather than `disabled` while the step is incomplete: it stays reachable by
 * keyboard and screen reader, and activating it shows the step's messages instead of silence.
 */
export function WizardButtons({ step, isStepComplete, isSubmitting, onPrevious, onNext }: WizardButtonsProps) {
  return (
    <div className="mt-6 flex items-center justify-between gap-3 border-t border-slate-200 pt-5">
      <button
        type="button"
        onClick={onPrevious}
        disabled={step === 1 || isSubmitting}
        className={`${base} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50`}
      >
        {FORM_LABELS.previous}
      </button>
      {step < 3 ? (
        // Distinct keys: React must not turn the activated Next into Submit in place, or
        // the same Enter press would also submit step 3.
        <button
          key="next"
          type="button"
          onClick={onNext}
          aria-disabled={isStepComplete ? undefined : true}
          className={`${base} bg-brand text-white hover:bg-brand-dark aria-disabled:cursor-not-allowed aria-disabled:bg-slate-500`}
        >
          {FORM_LABELS.next}
        </button>
      ) : (
        <button
          key="submit"
          type="submit"
          disabled={isSubmitting}
          className={`${base} flex-1 bg-accent-dark text-center text-white hover:bg-[#a33e00] disabled:cursor-wait disabled:opacity-80 sm:flex-none`}
        >
          {isSubmitting ? (
            <>
              <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
              {LANDING_FORM_COPY.submitting}
            </>
          ) : (
            LANDING_FORM_COPY.submit
          )}
        </button>
      )}
    </div>
  );
}
