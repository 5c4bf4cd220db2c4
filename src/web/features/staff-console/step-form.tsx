import { useState } from "react";
import { otherStepsAt, roleDecisionsAt, type PipelineStatus } from "../../../domain/incentive-pipeline";
import { STEP_NOTE_MAX, STEP_REFERENCE_MAX } from "../../../domain/pipeline-steps";
import { Button } from "../../components/button";
import { ErrorSummary } from "../../components/error-summary";
import { TextField } from "../../components/text-field";
import { CONSOLE_COPY } from "../../content/staff-console";
import { STATUS_LABELS } from "../../content/pipeline-labels";
import { FORM_LABELS } from "../../content/form-labels";
import { focusField, useErrorSummaryFocus } from "../../forms/error-focus";
import { ConfirmDialog, ErrorMessage, StatusMessage, linkClass } from "./console-ui";
import { useLeadForm } from "./use-console-form";
import {
  NO_STEP,
  stepBody,
  stepErrors,
  stepFormReducer,
  type StepFormAction,
  type StepValues,
} from "./step-form-state";
import { isRewardStep } from "../../../domain/rewards";
import { REWARD_COPY } from "../../content/rewards-copy";
import { RewardOrderForm } from "./reward-order-form";
import { ApprovalWaiting } from "./approval-waiting";

const COPY = CONSOLE_COPY.steps;
const FIELD_ORDER = ["reference", "note"] as const;

/**
 * The next step of a lead's pipeline: pick it, fill what it records, review, confirm. The role
 * is verified or declined in one place, the Verification section (RoleDecisionForm): this box
 * offers the other steps and points there. The
 * review checks the step with the domain's schema (src/domain/pipeline-steps.ts), the one the
 * server parses it with; the server's words are shown when it refuses.
 */
export function StepForm({
  leadName,
  status,
  decidesRole = roleDecisionsAt(status).length > 0,
  doNotContact = false,
  waiting = [],
  rewardOrder,
}: {
  /** Steps whose order waits for a second admin: not offered again until it is decided. */
  waiting?: readonly PipelineStatus[];
  /** The person asked not to be contacted: no step that needs a call ("qualified after a call"). */
  doNotContact?: boolean;
  leadName: string;
  status: PipelineStatus;
  /** Whether the role is still to be decided (the lead's standing): the box then points to Verification. */
  decidesRole?: boolean;
  /**
   * With a rewards provider, the card and the bonus are ordered from it (decision 0017): the
   * recipient offered first.
   */
  rewardOrder?: { defaultEmail: string } | undefined;
}) {
  const next = otherStepsAt(status).filter(
    (to) => !(doNotContact && to === "qualified") && !(rewardOrder && waiting.includes(to)),
  );
  const { summaryRef, refused } = useErrorSummaryFocus();
  // Through the lead route's action; the router then reloads the lead (its status, timeline, rewards).
  const form = useLeadForm<StepValues, unknown, { confirming: boolean }, StepFormAction>({
    intent: "step",
    initial: NO_STEP,
    body: stepBody,
    fields: FIELD_ORDER,
    idOf: (field) => `step-${field}`,
    reducer: stepFormReducer,
    editing: { confirming: false },
  });
  const { state, dispatch } = form;
  const { values, errors } = state;
  const step = values.to || undefined;
  const isBusy = state.status.kind === "submitting";
  const isConfirming = isBusy || (state.status.kind === "editing" && state.status.confirming);
  const [ordered, setOrdered] = useState<string>();
  const [held, setHeld] = useState(false);
  const saved = state.status.kind === "succeeded" ? COPY.saved : ordered;
  const label = (to: PipelineStatus) => (rewardOrder && isRewardStep(to) ? REWARD_COPY.button[to] : COPY.button[to]);

  const confirm = form.submit;

  const pointer = decidesRole ? (
    <p className="mt-3">
      {COPY.decideRoleBefore}
      <a className={linkClass} href="#verification-heading">
        {COPY.decideRoleLink}
      </a>
      {COPY.decideRoleAfter}
    </p>
  ) : null;

  // Announced when it answers this person's own order (the form it came from is gone now).
  const waitingNote = rewardOrder && waiting.length > 0 ? <ApprovalWaiting announced={held} /> : null;
  if (next.length === 0) {
    if (pointer || waitingNote)
      return (
        <>
          {pointer}
          {waitingNote}
        </>
      );
    return (
      <>
        <StatusMessage message={saved} />
        <p className="mt-3">{status === "rejected" ? CONSOLE_COPY.lead.rejectedEnd : CONSOLE_COPY.lead.done}</p>
      </>
    );
  }

  const set = (field: Exclude<keyof StepValues, "to">) => (value: string) =>
    dispatch({ type: "changed", field, value });
  const review = (event: React.FormEvent) => {
    event.preventDefault();
    const found = stepErrors(values);
    if (Object.keys(found).length === 0) dispatch({ type: "reviewed" });
    else {
      dispatch({ type: "invalid", errors: found });
      refused();
    }
  };
  const showsForm = step && state.status.kind !== "succeeded";

  return (
    <div className="mt-3">
      {pointer}
      <div className="mt-3 flex flex-wrap gap-3">
        {next.map((to) => (
          <Button
            key={to}
            tone={step === to && showsForm ? "brand" : "plain"}
            aria-pressed={step === to && Boolean(showsForm)}
            onClick={() => {
              setOrdered(undefined);
              setHeld(false);
              dispatch({ type: "chosen", to });
            }}
          >
            {label(to)}
          </Button>
        ))}
      </div>
      {held ? <ApprovalWaiting /> : <StatusMessage message={saved} />}
      {showsForm && rewardOrder && isRewardStep(step) ? (
        <RewardOrderForm
          key={step}
          leadName={leadName}
          step={step}
          defaultEmail={rewardOrder.defaultEmail}
          onOrdered={(isHeld) => {
            dispatch({ type: "reset", values: NO_STEP });
            setHeld(isHeld);
            setOrdered(isHeld ? undefined : REWARD_COPY.ordered);
          }}
        />
      ) : showsForm ? (
        <form
          onSubmit={review}
          noValidate
          className="mt-2 max-w-xl space-y-1 rounded-lg bg-white p-4 ring-1 ring-slate-300"
          aria-label={COPY.button[step]}
        >
          <h3 className="text-lg font-bold">{COPY.button[step]}</h3>
          <ErrorSummary
            ref={summaryRef}
            title={FORM_LABELS.errorSummaryTitle}
            items={form.summaryItems}
            onSelect={focusField}
          />
          {step === "gift_card_sent" || step === "bonus_sent" ? (
            <TextField
              id="step-reference"
              label={COPY.reference}
              hint={COPY.referenceHint}
              value={values.reference}
              onValueChange={set("reference")}
              error={errors.reference}
              maxLength={STEP_REFERENCE_MAX}
            />
          ) : null}
          <TextField
            id="step-note"
            label={COPY.note}
            isOptional
            value={values.note}
            onValueChange={set("note")}
            error={errors.note}
            maxLength={STEP_NOTE_MAX}
          />
          <Button type="submit" tone="brand">
            {COPY.review}
          </Button>
        </form>
      ) : null}
      <ErrorMessage message={state.status.kind === "failed" ? state.status.message : undefined} />
      <ConfirmDialog
        open={isConfirming}
        heading={COPY.confirmHeading}
        confirmLabel={COPY.confirm}
        busyLabel={COPY.saving}
        cancelLabel={COPY.cancel}
        busy={isBusy}
        onConfirm={() => void confirm()}
        onCancel={() => dispatch({ type: "cancelled" })}
      >
        <p>{step ? COPY.confirmText(STATUS_LABELS[step], leadName) : null}</p>
        {values.reference && (step === "gift_card_sent" || step === "bonus_sent") ? (
          <p className="mt-2">{`${COPY.reference}: ${values.reference}`}</p>
        ) : null}
        {values.note ? <p className="mt-2">{`${COPY.note}: ${values.note}`}</p> : null}
      </ConfirmDialog>
    </div>
  );
}
