import { CONSOLE_COPY } from "../content/staff-console";

// eslint-disable-next-line @typescript-eslint/consistent-type-imports -- the module's type, without importing it statically
type ConsoleModule = typeof import("../features/staff-console/console-routes");

let loaded: ConsoleModule | undefined;

/**
 * The console's code, for its routes (decision 0027): imported by the first loader or action
 * that needs it, so each console route module is a few lines with one import, and the route
 * manifest that every public page loads lists the same short imports for each of them. Only
 * /staff ever loads the console's chunks.
 */
export async function consoleModule(): Promise<ConsoleModule> {
  loaded ??= await import("../features/staff-console/console-routes");
  return loaded;
}

/** In a route's component: the module its loader has loaded (a route renders only after its loader). */
export function loadedConsole(): ConsoleModule {
  if (!loaded) throw new Error("The console's module renders after a loader has loaded it.");
  return loaded;
}

/** A console route's error boundary: the view's failure in words (plain words if even the console's code could not load). */
export function ConsoleRouteError({ error, back }: { error: unknown; back?: "leads" | "applications" }) {
  if (!loaded) {
    return (
      <p role="alert" className="m-8 font-medium text-red-800">
        {CONSOLE_COPY.failed}
      </p>
    );
  }
  const { ViewError, BackToList, BackToApplications } = loaded;
  return (
    <ViewError
      error={error}
      back={back === "leads" ? <BackToList /> : back === "applications" ? <BackToApplications /> : undefined}
    />
  );
}
