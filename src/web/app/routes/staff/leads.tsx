import { ConsoleRouteError, consoleModule, loadedConsole } from "../../staff-console-module";
import type { Route } from "./+types/leads";

/** /staff: the lead list, its filters and page in the address. */
export const clientLoader = async ({ request }: Route.ClientLoaderArgs) =>
  (await consoleModule()).loadLeadList(request, false);

export default function Page({ loaderData }: Route.ComponentProps) {
  const { LeadList } = loadedConsole();
  return <LeadList due={false} data={loaderData} />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <ConsoleRouteError error={error} />;
