import type { WizardStep } from "../../../domain";
import { QUALIFY_COPY } from "../../content/qualify";
import { Spinner } from "../../components/spinner";

export interface WizardNavigationProps {
  step: WizardStep;
  isComplete: boolean;
  isSubmitting: boolean;
  onPrevious: () => void;
}

const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 py-2.5 text-base font-semibold transition-colors disabled:cursor-not-allowed";

/**
 * Previous / Next / Submit & Qualify (spec 2.2, 5.4). Next and Submit are the form's submit
 * buttons (Enter in a field works too); a hint says why they are disabled.
 */
export function WizardNavigation({ step, isComplete, isSubmitting, onPrevious }: WizardNavigationProps) {
  const hintId = "qualify-step-hint";
  const showHint = !isComplete && !isSubmitting;
  return (
    <div className="mt-8 border-t border-slate-200 pt-5">
      <p id={hintId} className="mb-3 min-h-5 text-sm text-slate-600" aria-live="polite">
        {showHint ? QUALIFY_COPY.incompleteHint[step] : ""}
      </p>
      <div className="flex items-center justify-between gap-3">
        <button
          type="button"
          onClick={onPrevious}
          disabled={step === 1 || isSubmitting}
          className={`${base} border border-slate-400 bg-white text-slate-800 hover:bg-slate-50 disabled:border-slate-200 disabled:text-slate-500 disabled:hover:bg-white`}
        >
          {QUALIFY_COPY.previous}
        </button>
        {step < 3 ? (
          <button
            key="next"
            type="submit"
            disabled={!isComplete}
            aria-describedby={showHint ? hintId : undefined}
            className={`${base} bg-brand text-white hover:bg-brand-dark disabled:bg-slate-300 disabled:text-slate-600`}
          >
            {QUALIFY_COPY.next}
            <span aria-hidden="true">→</span>
          </button>
        ) : (
          <button
            key="submit"
            type="submit"
            disabled={!isComplete || isSubmitting}
            aria-describedby={showHint ? hintId : undefined}
            className={`${base} bg-accent-dark text-white hover:bg-[#a33e00] disabled:bg-slate-300 disabled:text-slate-600`}
          >
            {isSubmitting ? (
              <>
                <Spinner />
                {QUALIFY_COPY.submitting}
              </>
            ) : (
              QUALIFY_COPY.submit
            )}
          </button>
        )}
      </div>
    </div>
  );
}
