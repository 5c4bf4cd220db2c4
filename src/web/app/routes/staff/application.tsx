import { ConsoleRouteError, consoleModule, loadedConsole } from "../../staff-console-module";
import type { Route } from "./+types/application";

/** /staff/applications/:applicationId: one nurse application. */
export const clientLoader = async ({ params }: Route.ClientLoaderArgs) =>
  (await consoleModule()).loadApplication(params.applicationId);

export default function Page({ loaderData }: Route.ComponentProps) {
  const { ApplicationDetail } = loadedConsole();
  return <ApplicationDetail application={loaderData} />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => (
  <ConsoleRouteError error={error} back="applications" />
);
