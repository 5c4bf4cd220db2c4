import { ConsoleRouteError, consoleModule, loadedConsole } from "../../staff-console-module";
import type { Route } from "./+types/approvals";

/** /staff/approvals: rewards held for a second admin (decision 0028), approved or declined in place. */
export const clientLoader = async () => (await consoleModule()).loadApprovals();
export const clientAction = async ({ request }: Route.ClientActionArgs) =>
  (await consoleModule()).changeApprovals(request);

export default function Page({ loaderData }: Route.ComponentProps) {
  const { ApprovalsView } = loadedConsole();
  return <ApprovalsView data={loaderData} />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <ConsoleRouteError error={error} />;
