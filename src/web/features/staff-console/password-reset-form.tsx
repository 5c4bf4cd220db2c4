import { useState } from "react";
import type { StaffAccount as Account } from "../../../domain/staff-accounts";
import { Button } from "../../components/button";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { SECURITY_COPY } from "../../content/staff-security";
import { ErrorMessage, StatusMessage } from "./console-ui";
import { useConsoleForm } from "./use-console-form";
import { useStaffData } from "./use-staff-data";

const COPY = SECURITY_COPY.reset;

/** Admins: a new password for an account (its sessions end). Beside the Accounts view, on the form core. */
export function PasswordResetForm() {
  const accounts = useStaffData<{ accounts: Account[] }>("/accounts").data?.accounts ?? [];
  const [accountId, setAccountId] = useState("");
  const [done, setDone] = useState<string>();
  const chosen = accounts.find((a) => a.id === accountId);
  const form = useConsoleForm<{ password: string }, { account: Account }>(`/accounts/${accountId || "none"}/password`, { password: "" }, ({ account }) => setDone(COPY.done(account.email)));
  return (
    <form
      className="mt-10 max-w-md space-y-2"
      aria-labelledby="password-reset-heading"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      <h2 id="password-reset-heading" className="text-xl font-bold">
        {COPY.heading}
      </h2>
      <SelectField id="reset-account" label={COPY.account} placeholder={COPY.chooseAccount} options={accounts.map((a) => ({ value: a.id, label: a.email }))} value={accountId} onValueChange={setAccountId} />
      <TextField id="reset-password" label={chosen ? COPY.label(chosen.email) : COPY.newPassword} type="password" autoComplete="new-password" value={form.state.values.password} onValueChange={form.change("password")} error={form.state.errors.password} required />
      <ErrorMessage message={form.state.errors.password ? undefined : form.error} />
      <StatusMessage message={done} />
      <Button type="submit" tone="plain" isBusy={form.isBusy} busyLabel={COPY.submitting} disabled={form.isLocked || !accountId}>
        {COPY.submit}
      </Button>
    </form>
  );
}
