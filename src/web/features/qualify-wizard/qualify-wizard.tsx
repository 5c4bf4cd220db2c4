import { useEffect, useReducer, useRef, type FormEvent } from "react";
import { FAILURE_ALERTS } from "../../../domain/messages";
import { QUALIFY_SHIFT_TYPES } from "../../../domain/enumerations";
import { isQualifyStepComplete } from "../../../domain/wizard-steps";
import type { LeadRequestInput } from "../../../domain/facility-lead";
import { HoneypotField } from "../../components/honeypot-field";
import { UrgencyOptions } from "./urgency-options";
import { WizardProgress } from "../../components/wizard-progress";
import { FORM_LABELS } from "../../content/form-labels";
import { QUALIFY_COPY } from "../../content/qualify";
import { antiSpamStamp, useFormStartedAt } from "../../forms/anti-spam-stamp";
import { FailureAlert } from "../../forms/failure-alert";
import { isLocked } from "../../forms/form-state";
import { useGoToQualifyingChat } from "../../forms/qualifying-chat-state";
import { useSubmit } from "../../forms/submit";
import { useFormSignals } from "../../forms/use-form-signals";
import { WaitingListNote } from "../../components/waiting-list-note";
import { countFormStep } from "../../lib/form-step-beacon";
import { INITIAL_WIZARD_STATE, LAST_STEP, currentStep, wizardReducer } from "../../forms/wizard";
import { WizardButtons } from "../../forms/wizard-buttons";
import { submitLead } from "../../lib/api";
import { ContactStep, FacilityStep, NeedsStep, type UrgencyControl } from "../../forms/facility-wizard-steps";
import { ImportantNotice } from "./important-notice";

export interface QualifyWizardProps {
  /** "click here to apply": the route opens the nurse application. */
  onApply: () => void;
  /** Replaceable in tests; the page posts through lib/api. */
  submit?: typeof submitLead;
}

/** Spec 5.4: a step is complete when its fields are present and, on step 3, the phone has 10 digits. */
const qualifyReducer = wizardReducer(isQualifyStepComplete);

const BUTTON_LABELS = { ...FORM_LABELS, submit: QUALIFY_COPY.submit };

/** Urgency as radios showing each meaning (spec 2.2). */
const UrgencyRadios: UrgencyControl = ({ value, onValueChange }) => (
  <UrgencyOptions legend={FORM_LABELS.urgency} value={value} onValueChange={onValueChange} />
);

/**
 * The three-step qualification form of spec 2.2: gated (5.4, Next and Submit disabled, no
 * inline messages), alert on failure, and on success the hand-off to /qualifying-chat (spec 4).
 */
export function QualifyWizard({ onApply, submit = submitLead }: QualifyWizardProps) {
  const [state, dispatch] = useReducer(qualifyReducer, INITIAL_WIZARD_STATE);
  const { values, status } = state;
  const step = currentStep(status);
  const isComplete = isQualifyStepComplete(step, values);
  const formStartedAtRef = useFormStartedAt();
  const goToChat = useGoToQualifyingChat();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousStep = useRef(step);
  const formRef = useRef<HTMLFormElement>(null);
  useFormSignals("qualify_page", { step, location: values.location, formRef });

  // A new step: move focus to its heading so keyboard and screen-reader users start there.
  useEffect(() => {
    if (previousStep.current !== step) headingRef.current?.focus();
    previousStep.current = step;
  }, [step]);

  const post = useSubmit({
    // The gating (5.4) has checked presence; the server checks the rest and answers 400 if need be.
    prepare: () =>
      step === LAST_STEP && isComplete
        ? ({
            form: "qualify_page",
            ...values,
            ...antiSpamStamp(state.honeypot, formStartedAtRef.current),
          } as LeadRequestInput)
        : undefined,
    send: submit,
    dispatch,
    failureMessage: FAILURE_ALERTS.qualifyPage,
    onSucceeded: () => {
      countFormStep("qualify_page", "submitted");
      return goToChat(values);
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isComplete || isLocked(status)) return;
    if (step < LAST_STEP) dispatch({ type: "next" });
    else void post();
  }

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} aria-label={QUALIFY_COPY.formLabel} className="relative">
      <WizardProgress step={step} label={QUALIFY_COPY.progressLabel} />
      <div className="mt-6">
        <ImportantNotice onApply={onApply} />
      </div>
      <h2 ref={headingRef} tabIndex={-1} className="mt-8 text-2xl font-bold text-slate-900 focus:outline-none">
        {QUALIFY_COPY.stepHeadings[step]}
      </h2>
      <p className="mt-1 mb-6 text-sm text-slate-600">{QUALIFY_COPY.requiredNote}</p>
      {step === 1 ? (
        <FacilityStep
          values={values}
          errors={{}}
          dispatch={dispatch}
          facilityNamePlaceholder={QUALIFY_COPY.facilityNamePlaceholder}
          locationNote={<WaitingListNote />}
        />
      ) : null}
      {step === 2 ? (
        <NeedsStep
          values={values}
          errors={{}}
          dispatch={dispatch}
          shiftTypeOptions={QUALIFY_SHIFT_TYPES}
          Urgency={UrgencyRadios}
        />
      ) : null}
      {step === 3 ? (
        <ContactStep values={values} errors={{}} dispatch={dispatch}>
          <div className="rounded-lg border border-green-300 bg-green-50 p-4 text-sm text-green-900">
            <h3 className="font-bold">{QUALIFY_COPY.nextSteps.title}</h3>
            <p className="mt-1">{QUALIFY_COPY.nextSteps.body}</p>
          </div>
        </ContactStep>
      ) : null}
      <HoneypotField value={state.honeypot} onValueChange={(value) => dispatch({ type: "honeypotChanged", value })} />
      <FailureAlert status={status} className="mt-6" />
      <WizardButtons
        step={step}
        isStepComplete={isComplete}
        isBusy={isLocked(status)}
        gating="disable"
        labels={BUTTON_LABELS}
        incompleteHints={QUALIFY_COPY.incompleteHint}
        size="md"
        onPrevious={() => dispatch({ type: "previous" })}
      />
    </form>
  );
}
