import { useState, type FormEvent } from "react";
import { RewardOrderSchema, REWARD_AMOUNT_USD, type RewardStep } from "../../../domain/rewards";
import { fieldErrorsOf } from "../../../domain/fields";
import { Button } from "../../components/button";
import { ErrorSummary } from "../../components/error-summary";
import { TextField } from "../../components/text-field";
import { FORM_LABELS } from "../../content/form-labels";
import { REWARD_COPY } from "../../content/rewards-copy";
import { focusField, useErrorSummaryFocus } from "../../forms/error-focus";
import { ConfirmDialog, ErrorMessage } from "./console-ui";
import { useLeadForm } from "./use-console-form";
import { isHeldForApproval } from "./approval-waiting";

const COPY = REWARD_COPY;
const FIELD_ORDER = ["recipientEmail", "note"] as const;

interface OrderValues {
  recipientEmail: string;
  note: string;
}

/** The order sent: the step, the recipient and the note, trimmed. */
const orderOf = (step: RewardStep, values: OrderValues) => ({
  to: step,
  recipientEmail: values.recipientEmail.trim(),
  ...(values.note.trim() ? { note: values.note.trim() } : {}),
});

/**
 * "Send the $50 card" / "Send the $250 bonus": the recipient (editable), the amount, a note,
 * then a confirmation; the server orders the reward from the provider and answers once it
 * accepted or refused it, or holds it for a second admin's approval (202, decision 0028). The review checks the order with the domain's schema the server
 * parses it with; one submit at a time (the console's form hook); the server's words on refusal.
 */
export function RewardOrderForm({
  leadName,
  step,
  defaultEmail,
  onOrdered,
}: {
  leadName: string;
  step: RewardStep;
  defaultEmail: string;
  /** `held`: the order waits for a second admin's approval (202), nothing is ordered yet. */
  onOrdered: (held: boolean) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const { summaryRef, refused } = useErrorSummaryFocus();
  // Through the lead route's action: a refusal or failure is on the reward's record too, and the page is revalidated either way.
  const form = useLeadForm<OrderValues>({
    intent: "step",
    initial: { recipientEmail: defaultEmail, note: "" },
    body: (values) => orderOf(step, values),
    fields: FIELD_ORDER,
    idOf: (field) => `reward-${field}`,
    onDone: (data) => {
      setConfirming(false);
      onOrdered(isHeldForApproval(data));
    },
    onFailed: () => setConfirming(false),
  });
  const { state, submit, dispatch } = form;
  const { values, errors } = state;
  const busy = form.isBusy;

  const review = (event: FormEvent) => {
    event.preventDefault();
    const parsed = RewardOrderSchema.safeParse(orderOf(step, values));
    if (parsed.success) return setConfirming(true);
    dispatch({ type: "invalid", errors: fieldErrorsOf(parsed.error) });
    refused();
  };
  const set = form.change;

  return (
    <>
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
        <p>
          <span className="font-semibold">{COPY.amount}:</span> ${REWARD_AMOUNT_USD[step]} ({COPY.what[step]})
        </p>
        <TextField
          id="reward-recipientEmail"
          type="email"
          autoComplete="off"
          label={COPY.recipient}
          hint={COPY.recipientHint}
          value={values.recipientEmail}
          onValueChange={set("recipientEmail")}
          error={errors.recipientEmail}
          maxLength={254}
        />
        <TextField
          id="reward-note"
          label={COPY.note}
          isOptional
          value={values.note}
          onValueChange={set("note")}
          error={errors.note}
          maxLength={2000}
        />
        <Button type="submit" tone="brand">
          {COPY.review}
        </Button>
      </form>
      <ErrorMessage message={state.status.kind === "failed" ? state.status.message : undefined} />
      <ConfirmDialog
        open={confirming || busy}
        heading={COPY.confirmHeading}
        confirmLabel={COPY.confirm}
        busyLabel={COPY.ordering}
        cancelLabel={COPY.cancel}
        busy={busy}
        onConfirm={() => void submit()}
        onCancel={() => setConfirming(false)}
      >
        <p>{COPY.confirmText(COPY.what[step], leadName, values.recipientEmail.trim())}</p>
        {values.note.trim() ? <p className="mt-2">{`${COPY.note}: ${values.note.trim()}`}</p> : null}
      </ConfirmDialog>
    </>
  );
}
