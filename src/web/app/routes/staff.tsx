import type { ShouldRevalidateFunctionArgs } from "react-router";
import { CONSOLE_COPY } from "../../content/staff-console";
import { ConsoleRouteError, consoleModule, loadedConsole } from "../staff-console-module";
import type { Route } from "./+types/staff";

/** Never indexed; the prerendered page is an empty shell (the console reads everything after sign-in). */
export const meta = () => [{ title: CONSOLE_COPY.title }, { name: "robots", content: "noindex, nofollow" }];

/** Who is signed in (and the old ?view= addresses, redirected to their routes). */
export const clientLoader = async ({ request }: Route.ClientLoaderArgs) => (await consoleModule()).loadConsole(request);
/** Signing in, the second factor's code, the enrol stage's key and its confirmation, signing out (SessionIntentSchema). */
export const clientAction = async ({ request }: Route.ClientActionArgs) =>
  (await consoleModule()).changeSession(request);
/** After the layout's own changes and one's own security's (not while recovery codes are shown); not after a view's. */
export const shouldRevalidate = ({
  formAction,
  json,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) =>
  loadedConsole().layoutRevalidates({ formAction, json, actionResult }, defaultShouldRevalidate);

/** What the prerendered page shows, and every address under /staff until its loaders answer. */
export function HydrateFallback() {
  return <p className="p-8 text-center">{CONSOLE_COPY.loading}</p>;
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { StaffConsole } = loadedConsole();
  return <StaffConsole data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main className="mx-auto max-w-2xl p-8">
      <ConsoleRouteError error={error} />
    </main>
  );
}
