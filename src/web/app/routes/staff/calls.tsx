import { ConsoleRouteError, consoleModule, loadedConsole } from "../../staff-console-module";
import type { Route } from "./+types/calls";

/** /staff/calls (decision 0036): the calls leads booked, today and ahead, mine or everyone's. */
export const clientLoader = async ({ request }: Route.ClientLoaderArgs) => (await consoleModule()).loadCalls(request);
export const clientAction = async ({ request }: Route.ClientActionArgs) => (await consoleModule()).changeCalls(request);

export default function Page({ loaderData }: Route.ComponentProps) {
  const { CallsView } = loadedConsole();
  return <CallsView data={loaderData} />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <ConsoleRouteError error={error} />;
