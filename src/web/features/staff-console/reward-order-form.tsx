import { useReducer, useState, type FormEvent } from "react";
import { emailField } from "../../../domain/fields";
import { REWARD_AMOUNT_USD, type RewardStep } from "../../../domain/rewards";
import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { REWARD_COPY } from "../../content/rewards";
import { formReducer, type FormState } from "../../forms/form-state";
import { useSubmit } from "../../forms/submit";
import { ConfirmDialog, ErrorMessage } from "./console-ui";
import { staffApi } from "./staff-api";

const COPY = REWARD_COPY;

interface OrderValues {
  email: string;
  note: string;
}

const reduce = formReducer<OrderValues, object>({});

/**
 * "Send the $50 card" / "Send the $250 bonus": the recipient (editable), the amount, a note,
 * then a confirmation; the server orders the reward from the provider and answers once it
 * accepted or refused it. One submit at a time (the forms core's guard).
 */
export function RewardOrderForm({
  leadId,
  leadName,
  step,
  defaultEmail,
  onOrdered,
  onRefused,
}: {
  leadId: string;
  leadName: string;
  step: RewardStep;
  defaultEmail: string;
  onOrdered: () => void;
  /** The refusal or failure is on the reward's record too: the lead's page reloads it. */
  onRefused: () => void;
}) {
  const initial: FormState<OrderValues> = { status: { kind: "editing" }, values: { email: defaultEmail, note: "" }, errors: {}, honeypot: "" };
  const [state, dispatch] = useReducer(reduce, initial);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string>();
  const busy = state.status.kind === "submitting";
  const { email, note } = state.values;

  const submit = useSubmit({
    prepare: () => ({ to: step, recipientEmail: email.trim(), ...(note.trim() ? { note: note.trim() } : {}) }),
    send: async (body) => {
      const answer = await staffApi<{ reward: { id: string } }>(`/leads/${leadId}/steps`, { method: "POST", body });
      return answer.ok ? { ok: true, id: answer.data.reward.id } : { ok: false, status: answer.status, error: answer.error, fields: answer.fields };
    },
    dispatch,
    onSucceeded: () => {
      setConfirming(false);
      onOrdered();
    },
    onFailed: (result) => {
      setConfirming(false);
      setFailure(result.error);
      onRefused();
      if (result.fields.recipientEmail) dispatch({ type: "invalid", errors: { email: result.fields.recipientEmail } });
    },
  });

  const review = (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    if (!emailField.safeParse(email).success) return dispatch({ type: "invalid", errors: { email: COPY.emailInvalid } });
    setConfirming(true);
  };

  return (
    <>
      <form onSubmit={review} noValidate className="mt-2 max-w-xl space-y-1 rounded-lg bg-white p-4 ring-1 ring-slate-300" aria-label={COPY.button[step]}>
        <h3 className="text-lg font-bold">{COPY.button[step]}</h3>
        <p>
          <span className="font-semibold">{COPY.amount}:</span> ${REWARD_AMOUNT_USD[step]} ({COPY.what[step]})
        </p>
        <TextField
          id="reward-email"
          type="email"
          autoComplete="off"
          label={COPY.recipient}
          hint={COPY.recipientHint}
          value={email}
          onValueChange={(value) => dispatch({ type: "changed", field: "email", value })}
          error={state.errors.email}
          maxLength={254}
        />
        <TextField id="reward-note" label={COPY.note} isOptional value={note} onValueChange={(value) => dispatch({ type: "changed", field: "note", value })} maxLength={2000} />
        <Button type="submit" tone="brand">
          {COPY.review}
        </Button>
      </form>
      <ErrorMessage message={failure} />
      <ConfirmDialog
        open={confirming}
        heading={COPY.confirmHeading}
        confirmLabel={busy ? COPY.ordering : COPY.confirm}
        cancelLabel={COPY.cancel}
        busy={busy}
        onConfirm={() => void submit()}
        onCancel={() => setConfirming(false)}
      >
        <p>{COPY.confirmText(COPY.what[step], leadName, email.trim())}</p>
        {note.trim() ? <p className="mt-2">{`${COPY.note}: ${note.trim()}`}</p> : null}
      </ConfirmDialog>
    </>
  );
}
