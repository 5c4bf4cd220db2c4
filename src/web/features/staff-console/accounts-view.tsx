import { useState } from "react";
import type { StaffAccount } from "../../../domain/staff-accounts";
import type { AccountList, RewardsMonthAnswer } from "../../../domain/staff-console-api";
import { Button } from "../../components/button";
import { CONSOLE_COPY } from "../../content/staff-console";
import { AddAccountForm } from "./add-account-form";
import { fieldsOf, runAction } from "./console-actions";
import { AccountsIntentSchema } from "../../../domain/staff-console-intents";
import { ConfirmDialog, DataTable, ErrorMessage, ViewHeading } from "./console-ui";
import { PasswordResetForm } from "./password-reset-form";
import { RewardsMonth } from "./rewards-month";
import { readApi, staffApi } from "./staff-api";
import { useAccountsForm } from "./use-console-form";
import { requireAdmin } from "./staff-session";
import { Email } from "./log-sentence";

const COPY = CONSOLE_COPY.accounts;

export interface AccountsData {
  accounts: StaffAccount[];
  month: RewardsMonthAnswer | undefined;
}

/** The accounts route's read (admins): every account and the month's rewards. */
export async function loadAccounts(): Promise<AccountsData> {
  await requireAdmin(CONSOLE_COPY.refused.accounts);
  const [{ accounts }, month] = await Promise.all([
    readApi<AccountList>("/accounts"),
    staffApi<RewardsMonthAnswer>("/rewards/month"),
  ]);
  return { accounts, month: month.ok ? month.data : undefined };
}

/** The accounts route's changes: add an account, disable one, give one a new password. */
export const changeAccounts = (request: Request) =>
  runAction(request, AccountsIntentSchema, (change, post) => {
    switch (change.intent) {
      case "add":
        return post("/accounts", fieldsOf(change));
      case "disable":
        return post(`/accounts/${encodeURIComponent(change.accountId)}/disable`);
      case "reset-password":
        return post(`/accounts/${encodeURIComponent(change.accountId)}/password`, { password: change.password });
    }
  });

/** Admins only: every account, adding one, disabling one (confirmed), a new password for one. */
export function AccountsView({ data }: { data: AccountsData }) {
  const { accounts, month } = data;
  const [disabling, setDisabling] = useState<StaffAccount>();
  // In place: the console's form hook posts to this route's action, then the router reloads the accounts.
  const disable = useAccountsForm({
    intent: "disable",
    initial: {},
    resetOnDone: true,
    onDone: () => setDisabling(undefined),
    onFailed: () => setDisabling(undefined),
  });
  const busy = disable.isBusy;

  return (
    <div>
      <ViewHeading>{COPY.heading}</ViewHeading>
      {month ? <RewardsMonth month={month} /> : null}
      <ErrorMessage message={disable.error} />
      <DataTable caption={COPY.caption} columns={Object.values(COPY.columns)}>
        {accounts.map((account) => (
          <tr key={account.id} className="border-t border-slate-200">
            <th scope="row" className="px-3 py-2 font-normal break-words">
              <Email address={account.email} />
            </th>
            <td className="px-3 py-2">{CONSOLE_COPY.roles.find((r) => r.value === account.role)?.label}</td>
            <td className="px-3 py-2">{account.disabledAt ? COPY.disabled : COPY.active}</td>
            <td className="px-3 py-2">
              {account.disabledAt ? null : (
                <Button tone="plain" onClick={() => setDisabling(account)}>
                  {COPY.disable(account.email)}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      <AddAccountForm />
      <PasswordResetForm accounts={accounts} />
      <ConfirmDialog
        open={Boolean(disabling) || busy}
        heading={CONSOLE_COPY.steps.confirmHeading}
        confirmLabel={CONSOLE_COPY.steps.confirm}
        cancelLabel={CONSOLE_COPY.steps.cancel}
        busy={busy}
        onConfirm={() => {
          if (!disabling) return;
          void disable.submit({ accountId: disabling.id });
        }}
        onCancel={() => setDisabling(undefined)}
      >
        <p>{disabling ? COPY.disableConfirm(disabling.email) : null}</p>
      </ConfirmDialog>
    </div>
  );
}
