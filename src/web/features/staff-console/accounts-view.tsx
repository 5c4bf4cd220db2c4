import { useState } from "react";
import type { StaffAccount } from "../../../domain/staff-accounts";
import { Button } from "../../components/button";
import { CONSOLE_COPY } from "../../content/staff-console";
import { AddAccountForm } from "./add-account-form";
import { ConfirmDialog, DataTable, ErrorMessage, ViewHeading } from "./console-ui";
import { staffApi } from "./staff-api";
import { useStaffData } from "./use-staff-data";

const COPY = CONSOLE_COPY.accounts;

/** Admins only: every account, adding one, disabling one (confirmed). */
export function AccountsView() {
  const list = useStaffData<{ accounts: StaffAccount[] }>("/accounts");
  const accounts = list.data?.accounts;
  const [disabling, setDisabling] = useState<{ account?: StaffAccount; busy?: boolean; error?: string }>({});
  const error = disabling.error ?? list.error;

  const disable = async () => {
    const { account } = disabling;
    if (!account) return;
    setDisabling({ account, busy: true });
    const result = await staffApi(`/accounts/${account.id}/disable`, { method: "POST" });
    setDisabling(result.ok ? {} : { error: result.error });
    if (result.ok) void list.reload();
  };

  return (
    <div>
      <ViewHeading>{COPY.heading}</ViewHeading>
      <ErrorMessage message={error} />
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
                  <Button tone="plain" onClick={() => setDisabling({ account })}>
                    {COPY.disable(account.email)}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <AddAccountForm onAdded={() => void list.reload()} />
      <ConfirmDialog
        open={Boolean(disabling.account)}
        heading={CONSOLE_COPY.steps.confirmHeading}
        confirmLabel={CONSOLE_COPY.steps.confirm}
        cancelLabel={CONSOLE_COPY.steps.cancel}
        busy={Boolean(disabling.busy)}
        onConfirm={() => void disable()}
        onCancel={() => setDisabling({})}
      >
        <p>{disabling.account ? COPY.disableConfirm(disabling.account.email) : null}</p>
      </ConfirmDialog>
    </div>
  );
}
