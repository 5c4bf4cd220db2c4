import { REJECTION_REASONS, VERIFICATION_METHODS, type RoleDecision } from "../../../domain/incentive-pipeline";
import { RoleDecisionSchema, STEP_NOTE_MAX } from "../../../domain/pipeline-steps";
import { Button } from "../../components/button";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { METHOD_LABELS, REASON_LABELS } from "../../content/pipeline-labels";
import { VERIFICATION_COPY } from "../../content/verification";
import { useErrorSummaryFocus } from "../../forms/error-focus";
import { ConsoleFormErrors } from "./console-form-errors";
import { stepBody } from "./step-form-state";
import { useLeadForm } from "./use-console-form";

const COPY = VERIFICATION_COPY.decide;
const FIELDS = ["to", "method", "reason", "note"] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const INITIAL: Values = { to: "", method: "", reason: "", note: "" };

/**
 * Verify or decline the role in one action with a note (decision 0024): the pipeline's own steps
 * ("role verified" with its method, or "rejected" with its reason), sent through the lead
 * route's `step` intent to `POST /api/staff/leads/:id/steps`, on the form core. The one place
 * on the lead page where the role is decided (decision 0035): `decisions` are those the lead's
 * status allows (once verified, only declining).
 */
export function RoleDecisionForm({
  decisions,
  onSaved,
}: {
  decisions: readonly RoleDecision[];
  onSaved: (message: string | undefined) => void;
}) {
  const { summaryRef, refused } = useErrorSummaryFocus();
  const form = useLeadForm<Values>({
    intent: "step",
    initial: INITIAL,
    schema: RoleDecisionSchema,
    // Only the chosen decision's fields: the step's schema is strict.
    body: ({ to, method, reason, note }) =>
      stepBody({ to: to as RoleDecision | "", method, reason, note, reference: "" }),
    fields: FIELDS,
    idOf: (field) => `role-${field}`,
    refused,
    onDone: () => onSaved(COPY.saved),
  });
  const { values, errors } = form.state;
  return (
    <form
      className="mt-4 max-w-xl space-y-1 rounded-lg bg-white p-4 ring-1 ring-slate-300"
      aria-labelledby="role-decision-heading"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSaved(undefined);
        void form.submit();
      }}
    >
      <h3 id="role-decision-heading" className="text-lg font-bold">
        {decisions.includes("role_verified") ? COPY.heading : COPY.declineHeading}
      </h3>
      <p className="text-slate-700">{COPY.intro}</p>
      <ConsoleFormErrors summaryRef={summaryRef} items={form.summaryItems} error={form.error} />
      <SelectField
        id="role-to"
        label={COPY.choice}
        placeholder={COPY.choose}
        options={decisions.map((to) => ({ value: to, label: to === "role_verified" ? COPY.verify : COPY.decline }))}
        value={values.to}
        onValueChange={form.change("to")}
        error={errors.to}
      />
      {values.to === "role_verified" ? (
        <SelectField
          id="role-method"
          label={COPY.method}
          placeholder={COPY.choose}
          options={VERIFICATION_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] }))}
          value={values.method}
          onValueChange={form.change("method")}
          error={errors.method}
        />
      ) : null}
      {values.to === "rejected" ? (
        <SelectField
          id="role-reason"
          label={COPY.reason}
          placeholder={COPY.choose}
          options={REJECTION_REASONS.map((r) => ({ value: r, label: REASON_LABELS[r] }))}
          value={values.reason}
          onValueChange={form.change("reason")}
          error={errors.reason}
        />
      ) : null}
      <TextField
        id="role-note"
        label={COPY.note}
        hint={COPY.noteHint}
        value={values.note}
        onValueChange={form.change("note")}
        error={errors.note}
        maxLength={STEP_NOTE_MAX}
      />
      <Button type="submit" tone="brand" isBusy={form.isBusy} busyLabel={COPY.submitting} disabled={form.isLocked}>
        {COPY.submit}
      </Button>
    </form>
  );
}
