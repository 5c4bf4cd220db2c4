import { useEffect, useRef } from "react";
import { HOMEPAGE_SHIFT_TYPES } from "../../../domain/enumerations";
import { WIZARD_STEP_FIELDS } from "../../../domain/wizard-steps";
import { ErrorSummary } from "../../components/error-summary";
import { HoneypotField } from "../../components/honeypot-field";
import { PrivacyNote } from "../../components/privacy-note";
import { WaitingListNote } from "../../components/waiting-list-note";
import { WizardProgress } from "../../components/wizard-progress";
import { FORM_LABELS } from "../../content/form-labels";
import { LANDING_FORM_COPY } from "../../content/landing-form";
import { FORM_ENTRY_ATTRIBUTE, focusFormEntry } from "../../lib/scroll-to-form";
import { prefetchValidators } from "../../lib/validators";
import { ContactStep, FacilityStep, NeedsStep, UrgencySelect } from "../../forms/facility-wizard-steps";
import { isLocked } from "../../forms/form-state";
import type { WizardStepProps } from "../../forms/wizard";
import { focusField } from "../../forms/error-focus";
import { WizardButtons } from "../../forms/wizard-buttons";
import { useFormSignals } from "../../forms/use-form-signals";
import type { FocusTarget } from "./homepage-form-state";
import { ThankYouPanel } from "./thank-you-panel";
import { useHomepageForm } from "./use-homepage-form";

const STEPS = {
  1: (props: WizardStepProps) => <FacilityStep {...props} locationNote={<WaitingListNote />} />,
  2: (props: WizardStepProps) => (
    <NeedsStep {...props} shiftTypeOptions={HOMEPAGE_SHIFT_TYPES} Urgency={UrgencySelect} />
  ),
  3: (props: WizardStepProps) => (
    <ContactStep {...props}>
      <PrivacyNote note={LANDING_FORM_COPY.privacyNote} />
    </ContactStep>
  ),
} as const;
const BUTTON_LABELS = { ...FORM_LABELS, submit: LANDING_FORM_COPY.submit };
const FIELD_ORDER = [...WIZARD_STEP_FIELDS[1], ...WIZARD_STEP_FIELDS[2], ...WIZARD_STEP_FIELDS[3]] as string[];

/** The landing page's three-step lead form (spec 2.1, 5.3), replaced by the Thank You panel on success. */
export function HomepageForm() {
  const { state, dispatch, step, isStepComplete, submit } = useHomepageForm();
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useFormSignals("homepage_form", { step, location: state.values.location, formRef });

  const { focus } = state;
  useEffect(() => {
    if (!focus) return;
    const target: FocusTarget = focus.target;
    if (target.kind === "summary") summaryRef.current?.focus();
    else if (target.kind === "panel") panelRef.current?.focus();
    else if (target.kind === "field") focusField(target.field);
    else if (formRef.current) focusFormEntry(formRef.current);
  }, [focus]);

  if (state.status.kind === "succeeded") return <ThankYouPanel ref={panelRef} />;

  const Step = STEPS[step];
  const copy = LANDING_FORM_COPY.steps[step];
  const summaryItems = FIELD_ORDER.filter((field) => state.errors[field]).map((field) => ({
    field,
    message: state.errors[field]!,
  }));

  return (
    <form
      ref={formRef}
      noValidate
      // Set once hydrated and the draft is read: journeys wait for it before typing.
      data-ready={state.isRestored ? "" : undefined}
      aria-label={LANDING_FORM_COPY.formLabel}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onFocus={prefetchValidators}
      className="relative scroll-mt-4 rounded-2xl bg-white p-5 shadow-xl ring-1 ring-slate-200 sm:p-8"
    >
      <WizardProgress step={step} />
      <p aria-live="polite" className="sr-only">
        {LANDING_FORM_COPY.stepAnnouncement(step, copy.title)}
      </p>
      <div className="mt-6">
        <ErrorSummary
          ref={summaryRef}
          title={FORM_LABELS.errorSummaryTitle}
          items={summaryItems}
          onSelect={(field) => dispatch({ type: "goToField", field })}
        />
      </div>
      {/* Tall enough for every step with its messages from sm up (and steps 1-2 on phones): Next, Previous
          and the errors do not move the page. Measured: step 3 with errors is 531 px at 1280 px wide. */}
      <div {...{ [FORM_ENTRY_ATTRIBUTE]: "" }} className="min-h-[34rem]">
        <h3 className="text-xl font-bold text-slate-900">{copy.title}</h3>
        <p className="mt-1 mb-5 text-sm text-slate-600">{copy.hint}</p>
        <Step values={state.values} errors={state.errors} dispatch={dispatch} />
      </div>
      <HoneypotField value={state.honeypot} onValueChange={(value) => dispatch({ type: "honeypotChanged", value })} />
      <WizardButtons
        step={step}
        isStepComplete={isStepComplete}
        // A failure hands the visitor over to /qualifying-chat: the button stays busy until the page changes.
        isBusy={isLocked(state.status) || state.status.kind === "failed"}
        gating="explain"
        labels={BUTTON_LABELS}
        size="lg"
        onPrevious={() => dispatch({ type: "previous" })}
      />
    </form>
  );
}
