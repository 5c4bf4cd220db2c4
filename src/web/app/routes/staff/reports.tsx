import { ConsoleRouteError, consoleModule, loadedConsole } from "../../staff-console-module";
import type { Route } from "./+types/reports";

/** /staff/reports (every staff role): the funnel's yield, its range and grouping in the address. */
export const clientLoader = async ({ request }: Route.ClientLoaderArgs) => (await consoleModule()).loadReports(request);

export default function Page({ loaderData }: Route.ComponentProps) {
  const { ReportsView } = loadedConsole();
  return <ReportsView data={loaderData} />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <ConsoleRouteError error={error} />;
