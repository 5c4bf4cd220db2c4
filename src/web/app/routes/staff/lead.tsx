import { ConsoleRouteError, consoleModule, loadedConsole } from "../../staff-console-module";
import type { Route } from "./+types/lead";

/** /staff/leads/:leadId (?from= the list it was opened from): the lead; its next step, deliveries sent again, rewards re-sent. */
export const clientLoader = async ({ params }: Route.ClientLoaderArgs) =>
  (await consoleModule()).loadLead(params.leadId);
export const clientAction = async ({ params, request }: Route.ClientActionArgs) =>
  (await consoleModule()).changeLead(params.leadId, request);

export default function Page({ loaderData, params }: Route.ComponentProps) {
  const { LeadPage } = loadedConsole();
  return <LeadPage key={params.leadId} data={loaderData} />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <ConsoleRouteError error={error} back="leads" />;
