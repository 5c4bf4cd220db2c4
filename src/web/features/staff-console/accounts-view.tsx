import { useState, type FormEvent } from "react";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { CONSOLE_COPY } from "../../content/staff-console";
import { ConfirmDialog, DataTable, ErrorMessage, StatusMessage, ViewHeading, buttonClass, secondaryButtonClass } from "./console-ui";
import { staffApi, type Account } from "./staff-api";
import { useStaffData } from "./use-staff-data";
import { RewardsMonth } from "./rewards-month";

const COPY = CONSOLE_COPY.accounts;

/** Admins only: every account, adding one, disabling one (confirmed). */
export function AccountsView() {
  const list = useStaffData<{ accounts: Account[] }>("/accounts");
  const accounts = list.data?.accounts;
  const [actionError, setError] = useState<string>();
  const error = actionError ?? list.error;
  const [saved, setSaved] = useState<string>();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [role, setRole] = useState("staff");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [disabling, setDisabling] = useState<Account>();
  const [busy, setBusy] = useState(false);

  const load = list.reload;

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await staffApi<{ account: Account }>("/accounts", { method: "POST", body: { email, password, role } });
    setBusy(false);
    if (result.ok) {
      setSaved(COPY.added(result.data.account.email));
      setEmail("");
      setPassword("");
      setFields({});
      setError(undefined);
      void load();
    } else {
      setError(result.error);
      setFields(result.fields);
    }
  };

  const disable = async () => {
    if (!disabling) return;
    setBusy(true);
    const result = await staffApi(`/accounts/${disabling.id}/disable`, { method: "POST" });
    setBusy(false);
    setDisabling(undefined);
    if (result.ok) void load();
    else setError(result.error);
  };

  return (
    <div>
      <ViewHeading>{COPY.heading}</ViewHeading>
      <RewardsMonth />
      <ErrorMessage message={error} />
      <StatusMessage message={saved} />
      {accounts ? (
        <DataTable caption={COPY.caption} columns={Object.values(COPY.columns)}>
          {accounts.map((account) => (
            <tr key={account.id} className="border-t border-slate-200">
              <th scope="row" className="px-3 py-2 font-normal [overflow-wrap:anywhere]">
                {account.email}
              </th>
              <td className="px-3 py-2">{CONSOLE_COPY.roles.find((r) => r.value === account.role)?.label}</td>
              <td className="px-3 py-2">{account.disabledAt ? COPY.disabled : COPY.active}</td>
              <td className="px-3 py-2">
                {account.disabledAt ? null : (
                  <button type="button" className={secondaryButtonClass} onClick={() => setDisabling(account)}>
                    {COPY.disable(account.email)}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <form onSubmit={add} noValidate className="mt-6 max-w-xl space-y-1 rounded-lg bg-white p-4 ring-1 ring-slate-300" aria-labelledby="add-account-heading">
        <h2 id="add-account-heading" className="text-xl font-bold">
          {COPY.addHeading}
        </h2>
        <TextField id="account-email" label={COPY.email} type="email" autoComplete="off" value={email} onValueChange={setEmail} error={fields.email} />
        <TextField id="account-password" label={COPY.password} hint={COPY.passwordHint} type="password" autoComplete="new-password" value={password} onValueChange={setPassword} error={fields.password} />
        <SelectField id="account-role" label={COPY.role} placeholder="Choose a role" options={CONSOLE_COPY.roles} value={role} onValueChange={setRole} error={fields.role} />
        <button type="submit" className={buttonClass} disabled={busy}>
          {COPY.add}
        </button>
      </form>
      <ConfirmDialog
        open={Boolean(disabling)}
        heading={CONSOLE_COPY.steps.confirmHeading}
        confirmLabel={CONSOLE_COPY.steps.confirm}
        cancelLabel={CONSOLE_COPY.steps.cancel}
        busy={busy}
        onConfirm={disable}
        onCancel={() => setDisabling(undefined)}
      >
        <p>{disabling ? COPY.disableConfirm(disabling.email) : null}</p>
      </ConfirmDialog>
    </div>
  );
}
