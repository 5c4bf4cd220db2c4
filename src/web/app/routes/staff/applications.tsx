import { ConsoleRouteError, consoleModule, loadedConsole } from "../../staff-console-module";
import type { Route } from "./+types/applications";

/** /staff/applications: nurse applications, the search and page in the address. */
export const clientLoader = async ({ request }: Route.ClientLoaderArgs) =>
  (await consoleModule()).loadApplications(request);

export default function Page({ loaderData }: Route.ComponentProps) {
  const { ApplicationList } = loadedConsole();
  return <ApplicationList page={loaderData} />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <ConsoleRouteError error={error} />;
