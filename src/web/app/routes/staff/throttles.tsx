import { ConsoleRouteError, consoleModule, loadedConsole } from "../../staff-console-module";
import type { Route } from "./+types/throttles";

/** /staff/throttles (admins): sign-in throttles, each lifted in place. */
export const clientLoader = async () => (await consoleModule()).loadThrottles();
export const clientAction = async ({ request }: Route.ClientActionArgs) =>
  (await consoleModule()).changeThrottles(request);

export default function Page({ loaderData }: Route.ComponentProps) {
  const { ThrottlesView } = loadedConsole();
  return <ThrottlesView throttles={loaderData} />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <ConsoleRouteError error={error} />;
