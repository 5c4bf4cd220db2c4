import { useState } from "react";
import type { StaffAccount } from "../../../domain/staff-accounts";
import { Button } from "../../components/button";
import { ErrorSummary } from "../../components/error-summary";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { FORM_LABELS } from "../../content/form-labels";
import { CONSOLE_COPY } from "../../content/staff-console";
import { focusField, useErrorSummaryFocus } from "../../forms/error-focus";
import { ErrorMessage, StatusMessage } from "./console-ui";
import { useAccountsForm } from "./use-console-form";
import { StaffAccountSchema } from "../../../domain/staff-accounts";

const COPY = CONSOLE_COPY.accounts;
/** The form's values (the role as the select holds it; the server's StaffAccountSchema checks it). */
interface AccountValues {
  email: string;
  password: string;
  role: string;
}
const EMPTY: AccountValues = { email: "", password: "", role: "staff" };
const FIELD_ORDER = ["email", "password", "role"] as const;

/**
 * Admins add an account (through the accounts route's action): the form and the server check it with the domain's StaffAccountSchema and the
 * password rules (its list of common passwords is too large for the browser) and its words are
 * shown, a message per field and the error summary focused.
 */
export function AddAccountForm() {
  const { summaryRef, refused } = useErrorSummaryFocus();
  const [added, setAdded] = useState<string>();
  // The schema the server parses the account with; the password's list of common ones stays on the server.
  const form = useAccountsForm<AccountValues, { account: StaffAccount }>({
    intent: "add",
    initial: EMPTY,
    schema: StaffAccountSchema,
    fields: FIELD_ORDER,
    idOf: (field) => `account-${field}`,
    refused: () => {
      setAdded(undefined);
      refused();
    },
    resetOnDone: true,
    onDone: (data) => setAdded(COPY.added(data.account.email)),
    onFailed: () => setAdded(undefined),
  });
  const { values, errors } = form.state;
  const set = form.change;
  const submit = form.submit;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
      className="mt-6 max-w-xl space-y-1 rounded-lg bg-white p-4 ring-1 ring-slate-300"
      aria-labelledby="add-account-heading"
    >
      <h2 id="add-account-heading" className="text-xl font-bold">
        {COPY.addHeading}
      </h2>
      <StatusMessage message={added} />
      <ErrorSummary
        ref={summaryRef}
        title={FORM_LABELS.errorSummaryTitle}
        items={form.summaryItems}
        onSelect={focusField}
      />
      <ErrorMessage message={form.error} />
      <TextField
        id="account-email"
        label={COPY.email}
        type="email"
        autoComplete="off"
        value={values.email}
        onValueChange={set("email")}
        error={errors.email}
      />
      <TextField
        id="account-password"
        label={COPY.password}
        hint={COPY.passwordHint}
        type="password"
        autoComplete="new-password"
        value={values.password}
        onValueChange={set("password")}
        error={errors.password}
      />
      <SelectField
        id="account-role"
        label={COPY.role}
        placeholder={COPY.chooseRole}
        options={CONSOLE_COPY.roles}
        value={values.role}
        onValueChange={set("role")}
        error={errors.role}
      />
      <Button type="submit" tone="brand" isBusy={form.isBusy} busyLabel={COPY.adding}>
        {COPY.add}
      </Button>
    </form>
  );
}
