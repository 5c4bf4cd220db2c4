import { ConsoleRouteError, consoleModule, loadedConsole } from "../../staff-console-module";
import type { Route } from "./+types/security-log";

/** /staff/security-log (admins): the log, its filters and pages in the address. */
export const clientLoader = async ({ request }: Route.ClientLoaderArgs) =>
  (await consoleModule()).loadSecurityLog(request);

export default function Page({ loaderData }: Route.ComponentProps) {
  const { SecurityLogView } = loadedConsole();
  return <SecurityLogView data={loaderData} />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <ConsoleRouteError error={error} />;
