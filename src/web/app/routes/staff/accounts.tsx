import { ConsoleRouteError, consoleModule, loadedConsole } from "../../staff-console-module";
import type { Route } from "./+types/accounts";

/** /staff/accounts (admins): accounts, adding and disabling one, a password reset, the month's rewards. */
export const clientLoader = async () => (await consoleModule()).loadAccounts();
export const clientAction = async ({ request }: Route.ClientActionArgs) =>
  (await consoleModule()).changeAccounts(request);

export default function Page({ loaderData }: Route.ComponentProps) {
  const { AccountsView } = loadedConsole();
  return <AccountsView data={loaderData} />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <ConsoleRouteError error={error} />;
