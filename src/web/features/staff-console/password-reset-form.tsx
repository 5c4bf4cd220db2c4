import { useState } from "react";
import type { StaffAccount as Account } from "../../../domain/staff-accounts";
import { PasswordResetSchema } from "../../../domain/staff-requests";
import { Button } from "../../components/button";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { SECURITY_COPY } from "../../content/staff-security";
import { ConsoleFormErrors } from "./console-form-errors";
import { StatusMessage } from "./console-ui";
import { useAccountsForm } from "./use-console-form";
import { useErrorSummaryFocus } from "../../forms/error-focus";

const COPY = SECURITY_COPY.reset;

/** Admins: a new password for an account (its sessions end). Beside the Accounts view, on the form core, through the accounts route's action. */
export function PasswordResetForm({ accounts }: { accounts: Account[] }) {
  const [accountId, setAccountId] = useState("");
  const [done, setDone] = useState<string>();
  const chosen = accounts.find((a) => a.id === accountId);
  const { summaryRef, refused } = useErrorSummaryFocus();
  const form = useAccountsForm<{ password: string }, { account: Account }>({
    intent: "reset-password",
    initial: { password: "" },
    schema: PasswordResetSchema,
    fields: ["password"],
    idOf: () => "reset-password",
    refused,
    extra: { accountId },
    onDone: ({ account }) => setDone(COPY.done(account.email)),
  });
  return (
    <form
      className="mt-10 max-w-md space-y-2"
      aria-labelledby="password-reset-heading"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setDone(undefined);
        void form.submit();
      }}
    >
      <h2 id="password-reset-heading" className="text-xl font-bold">
        {COPY.heading}
      </h2>
      <ConsoleFormErrors summaryRef={summaryRef} items={form.summaryItems} error={form.error} />
      <SelectField
        id="reset-account"
        label={COPY.account}
        placeholder={COPY.chooseAccount}
        options={accounts.map((a) => ({ value: a.id, label: a.email }))}
        value={accountId}
        onValueChange={setAccountId}
      />
      <TextField
        id="reset-password"
        label={chosen ? COPY.label(chosen.email) : COPY.newPassword}
        type="password"
        autoComplete="new-password"
        value={form.state.values.password}
        onValueChange={form.change("password")}
        error={form.state.errors.password}
        required
      />
      <StatusMessage message={done} />
      <Button
        type="submit"
        tone="plain"
        isBusy={form.isBusy}
        busyLabel={COPY.submitting}
        disabled={form.isLocked || !accountId}
      >
        {COPY.submit}
      </Button>
    </form>
  );
}
