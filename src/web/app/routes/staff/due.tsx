import { ConsoleRouteError, consoleModule, loadedConsole } from "../../staff-console-module";
import type { Route } from "./+types/due";

/** /staff/due: the leads whose promises run late (the list with "due" chosen). */
export const clientLoader = async ({ request }: Route.ClientLoaderArgs) =>
  (await consoleModule()).loadLeadList(request, true);

export default function Page({ loaderData }: Route.ComponentProps) {
  const { LeadList } = loadedConsole();
  return <LeadList due data={loaderData} />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <ConsoleRouteError error={error} />;
