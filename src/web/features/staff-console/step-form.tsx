import { useState, type FormEvent } from "react";
import { REJECTION_REASONS, VERIFICATION_METHODS, allowedNextStatuses, type PipelineStatus } from "../../../domain/incentive-pipeline";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { CONSOLE_COPY, METHOD_LABELS, REASON_LABELS, STATUS_LABELS } from "../../content/staff-console";
import { ConfirmDialog, ErrorMessage, StatusMessage, buttonClass, secondaryButtonClass } from "./console-ui";
import { staffApi } from "./staff-api";
import { isRewardStep } from "../../../domain/rewards";
import { REWARD_COPY } from "../../content/rewards";
import { RewardOrderForm } from "./reward-order-form";

const COPY = CONSOLE_COPY.steps;

/**
 * The next step of a lead's pipeline: pick it, fill what it records, review, confirm. The
 * server checks the same rules (src/domain/incentive-pipeline.ts) and its words are shown.
 */
export function StepForm({ leadId, leadName, status, onDone, rewardOrder }: { leadId: string; leadName: string; status: PipelineStatus; onDone: () => void; rewardOrder?: { defaultEmail: string } | undefined }) {
  const next = allowedNextStatuses(status);
  const [step, setStep] = useState<PipelineStatus>();
  const [method, setMethod] = useState("");
  const [note, setNote] = useState("");
  const [reference, setReference] = useState("");
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string>();

  /** With a rewards provider, the card and the bonus are ordered from it (issue 21). */
  const label = (to: PipelineStatus) => (rewardOrder && isRewardStep(to) ? REWARD_COPY.button[to] : COPY.button[to]);

  if (next.length === 0) {
    return (
      <>
        <StatusMessage message={saved} />
        <p className="mt-3">{status === "rejected" ? CONSOLE_COPY.lead.rejectedEnd : CONSOLE_COPY.lead.done}</p>
      </>
    );
  }

  const choose = (to: PipelineStatus) => {
    setStep(to);
    setError(undefined);
    setFieldErrors({});
    setSaved(undefined);
  };

  /** Missing answers are explained before the confirmation step. */
  const review = (event: FormEvent) => {
    event.preventDefault();
    const errors: Record<string, string> = {};
    if (step === "role_verified" && !method) errors.method = "Choose how the role was verified.";
    if (step === "role_verified" && !note.trim()) errors.note = "Say how the role was verified in the note.";
    if ((step === "gift_card_sent" || step === "bonus_sent") && !reference.trim()) errors.reference = "Enter the card's reference.";
    if (step === "rejected" && !reason) errors.reason = "Choose why the lead is rejected.";
    setFieldErrors(errors);
    if (Object.keys(errors).length === 0) setConfirming(true);
  };

  const body = () => {
    switch (step) {
      case "role_verified":
        return { to: step, method, note };
      case "gift_card_sent":
      case "bonus_sent":
        return { to: step, reference, note };
      case "rejected":
        return { to: step, reason, note };
      default:
        return { to: step, note };
    }
  };

  const confirm = async () => {
    setBusy(true);
    const result = await staffApi(`/leads/${leadId}/steps`, { method: "POST", body: body() });
    setBusy(false);
    setConfirming(false);
    if (!result.ok) {
      setError(result.error);
      setFieldErrors(result.fields);
      return;
    }
    setStep(undefined);
    setNote("");
    setReference("");
    setMethod("");
    setReason("");
    setSaved(COPY.saved);
    onDone();
  };

  return (
    <div className="mt-3">
      <div className="flex flex-wrap gap-3">
        {next.map((to) => (
          <button key={to} type="button" aria-pressed={step === to} className={step === to ? buttonClass : secondaryButtonClass} onClick={() => choose(to)}>
            {label(to)}
          </button>
        ))}
      </div>
      <StatusMessage message={saved} />
      {step && rewardOrder && isRewardStep(step) ? (
        <RewardOrderForm
          key={step}
          leadId={leadId}
          leadName={leadName}
          step={step}
          defaultEmail={rewardOrder.defaultEmail}
          onOrdered={() => {
            setStep(undefined);
            setSaved(REWARD_COPY.ordered);
            onDone();
          }}
          onRefused={onDone}
        />
      ) : step ? (
        <form onSubmit={review} className="mt-2 max-w-xl space-y-1 rounded-lg bg-white p-4 ring-1 ring-slate-300" aria-label={COPY.button[step]}>
          <h3 className="text-lg font-bold">{COPY.button[step]}</h3>
          {step === "role_verified" ? (
            <SelectField
              id="step-method"
              label={COPY.method}
              placeholder={COPY.chooseMethod}
              options={VERIFICATION_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] }))}
              value={method}
              onValueChange={setMethod}
              error={fieldErrors.method}
            />
          ) : null}
          {step === "gift_card_sent" || step === "bonus_sent" ? (
            <TextField id="step-reference" label={COPY.reference} hint={COPY.referenceHint} value={reference} onValueChange={setReference} error={fieldErrors.reference} maxLength={200} />
          ) : null}
          {step === "rejected" ? (
            <SelectField
              id="step-reason"
              label={COPY.reason}
              placeholder={COPY.chooseReason}
              options={REJECTION_REASONS.map((r) => ({ value: r, label: REASON_LABELS[r] }))}
              value={reason}
              onValueChange={setReason}
              error={fieldErrors.reason}
            />
          ) : null}
          <TextField
            id="step-note"
            label={COPY.note}
            hint={step === "role_verified" ? COPY.verifyNoteHint : undefined}
            isOptional={step !== "role_verified"}
            value={note}
            onValueChange={setNote}
            error={fieldErrors.note}
            maxLength={2000}
          />
          <button type="submit" className={buttonClass}>
            {COPY.review}
          </button>
        </form>
      ) : null}
      <ErrorMessage message={error} />
      <ConfirmDialog
        open={confirming}
        heading={COPY.confirmHeading}
        confirmLabel={busy ? COPY.saving : COPY.confirm}
        cancelLabel={COPY.cancel}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      >
        <p>{step ? COPY.confirmText(STATUS_LABELS[step], leadName) : null}</p>
        {step === "role_verified" && method ? <p className="mt-2">{METHOD_LABELS[method as keyof typeof METHOD_LABELS]}</p> : null}
        {reference ? <p className="mt-2">{`${COPY.reference}: ${reference}`}</p> : null}
        {step === "rejected" && reason ? <p className="mt-2">{REASON_LABELS[reason as keyof typeof REASON_LABELS]}</p> : null}
        {note ? <p className="mt-2">{`${COPY.note}: ${note}`}</p> : null}
      </ConfirmDialog>
    </div>
  );
}
