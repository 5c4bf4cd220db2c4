import { ConsoleRouteError, consoleModule, loadedConsole } from "../../staff-console-module";
import type { Route } from "./+types/privacy-requests";

/** /staff/privacy (admins, decision 0025): erase, export and opt-out requests, and their log. */
export const clientLoader = async () => (await consoleModule()).loadPrivacy();
export const clientAction = async ({ request }: Route.ClientActionArgs) =>
  (await consoleModule()).changePrivacy(request);

export default function Page({ loaderData }: Route.ComponentProps) {
  const { PrivacyView } = loadedConsole();
  return <PrivacyView data={loaderData} />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <ConsoleRouteError error={error} />;
