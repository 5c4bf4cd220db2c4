import { WIZARD_STEP_COUNT, type WizardStep } from "../../domain/wizard-steps";
import { FORM_LABELS } from "../content/form-labels";

/** "Step N of 3" and a bar at step/3 in the accent colour, exposed as a progressbar. */
export function WizardProgress({ step, label = FORM_LABELS.progressLabel }: { step: WizardStep; label?: string }) {
  const text = FORM_LABELS.progress(step, WIZARD_STEP_COUNT);
  return (
    <div>
      <p className="text-sm font-semibold text-slate-700">{text}</p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={1}
        aria-valuemax={WIZARD_STEP_COUNT}
        aria-valuenow={step}
        aria-valuetext={text}
        className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-300"
          style={{ width: `${(step / WIZARD_STEP_COUNT) * 100}%` }}
        />
      </div>
    </div>
  );
}
