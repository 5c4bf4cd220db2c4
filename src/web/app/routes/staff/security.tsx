import { ConsoleRouteError, consoleModule, loadedConsole } from "../../staff-console-module";
import type { Route } from "./+types/security";

/** /staff/security: one's own second factor, password and e-mail alerts. */
export const clientLoader = async () => (await consoleModule()).loadOwnSecurity();
export const clientAction = async ({ request }: Route.ClientActionArgs) =>
  (await consoleModule()).changeOwnSecurity(request);

export default function Page({ loaderData }: Route.ComponentProps) {
  const { OwnSecurityView } = loadedConsole();
  return <OwnSecurityView data={loaderData} />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <ConsoleRouteError error={error} />;
