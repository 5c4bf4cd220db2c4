import { useEffect, useReducer, useRef, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { FAILURE_ALERTS, isQualifyStepComplete } from "../../../domain";
import { HoneypotField } from "../../components/honeypot-field";
import { WizardProgress } from "../../components/wizard-progress";
import { QUALIFY_COPY } from "../../content/qualify";
import { submitLead } from "../../lib/api";
import { buildQualifyLead } from "./build-qualify-lead";
import { ContactStep } from "./contact-step";
import { FacilityStep } from "./facility-step";
import { ImportantNotice } from "./important-notice";
import { NeedsStep } from "./needs-step";
import { initialQualifyState, qualifyReducer, stepOf } from "./qualify-reducer";
import { WizardNavigation } from "./wizard-navigation";

export interface QualifyWizardProps {
  /** "click here to apply": the route opens the nurse application. */
  onApply: () => void;
  /** Replaceable in tests; the page posts through lib/api. */
  submit?: typeof submitLead;
}

/** The three-step qualification form of spec 2.2 with the gating of 5.4 and the submit of 4. */
export function QualifyWizard({ onApply, submit = submitLead }: QualifyWizardProps) {
  const [state, dispatch] = useReducer(qualifyReducer, initialQualifyState);
  const navigate = useNavigate();
  const step = stepOf(state.status);
  const isSubmitting = state.status.type === "submitting" || state.status.type === "succeeded";
  const isComplete = isQualifyStepComplete(step, state.values);
  const formStartedAt = useRef<number | undefined>(undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousStep = useRef(step);

  useEffect(() => {
    formStartedAt.current ??= Date.now();
  }, []);

  // A new step: move focus to its heading so keyboard and screen-reader users start there.
  useEffect(() => {
    if (previousStep.current !== step) headingRef.current?.focus();
    previousStep.current = step;
  }, [step]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isComplete || isSubmitting) return;
    if (step < 3) {
      dispatch({ type: "next" });
      return;
    }
    dispatch({ type: "submit" });
    const { values, honeypot } = state;
    const lead = buildQualifyLead(values, { honeypot, formStartedAt: formStartedAt.current, now: new Date() });
    const result = await submit(lead, crypto.randomUUID());
    if (result.ok) {
      dispatch({ type: "succeed" });
      await navigate("/qualifying-chat", { state: { firstName: values.firstName.trim(), facilityName: values.facilityName.trim() } });
      return;
    }
    dispatch({ type: "fail", message: FAILURE_ALERTS.qualifyPage });
    window.alert(FAILURE_ALERTS.qualifyPage);
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-label={QUALIFY_COPY.formLabel} className="relative">
      <WizardProgress step={step} label={QUALIFY_COPY.progressLabel} />
      <div className="mt-6">
        <ImportantNotice onApply={onApply} />
      </div>
      <h2 ref={headingRef} tabIndex={-1} className="mt-8 text-2xl font-bold text-slate-900 focus:outline-none">
        {QUALIFY_COPY.stepHeadings[step]}
      </h2>
      <p className="mt-1 mb-6 text-sm text-slate-600">{QUALIFY_COPY.requiredNote}</p>
      {step === 1 ? <FacilityStep values={state.values} dispatch={dispatch} /> : null}
      {step === 2 ? <NeedsStep values={state.values} dispatch={dispatch} /> : null}
      {step === 3 ? <ContactStep values={state.values} dispatch={dispatch} /> : null}
      <HoneypotField value={state.honeypot} onValueChange={(value) => dispatch({ type: "setHoneypot", value })} />
      <div role="alert">
        {state.status.type === "failed" ? (
          <p className="mt-6 rounded-md border-2 border-red-700 bg-red-50 p-3 text-sm font-semibold text-red-800">
            {state.status.message}
          </p>
        ) : null}
      </div>
      <WizardNavigation
        step={step}
        isComplete={isComplete}
        isSubmitting={isSubmitting}
        onPrevious={() => dispatch({ type: "previous" })}
      />
    </form>
  );
}
