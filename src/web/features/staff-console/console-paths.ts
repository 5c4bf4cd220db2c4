/**
 * The console's addresses (routes under /staff, src/web/app/routes.ts). A lead or an
 * application opened from a list carries that list's address in `from`, so "Back" returns to
 * the same view, filters and page, also after a reload or from a copied link.
 */
export const CONSOLE_PATHS = {
  leads: "/staff",
  due: "/staff/due",
  applications: "/staff/applications",
  accounts: "/staff/accounts",
  security: "/staff/security",
  securityLog: "/staff/security-log",
  throttles: "/staff/throttles",
  approvals: "/staff/approvals",
  privacy: "/staff/privacy",
  calls: "/staff/calls",
  reports: "/staff/reports",
} as const;

export const leadPath = (id: string, from?: string) =>
  `/staff/leads/${encodeURIComponent(id)}${from ? `?${new URLSearchParams({ from })}` : ""}`;
export const applicationPath = (id: string, from?: string) =>
  `/staff/applications/${encodeURIComponent(id)}${from ? `?${new URLSearchParams({ from })}` : ""}`;

/** Where "Back" goes: the list the page was opened from, if it is one of the console's, else `fallback`. */
export function backPath(search: string, fallback: string): string {
  const from = new URLSearchParams(search).get("from");
  return from && /^\/staff(\/|\?|$)/.test(from) ? from : fallback;
}

/** The address of the old one-page console (?view=, ?lead=, ?application=) as a route, for bookmarks and links made before. */
export function routeOfOldAddress(search: URLSearchParams): string | undefined {
  const lead = search.get("lead");
  const application = search.get("application");
  const view = search.get("view");
  if (lead) return leadPath(lead, view === "due" ? CONSOLE_PATHS.due : undefined);
  if (application) return applicationPath(application);
  if (!view) return undefined;
  const byView: Record<string, string> = {
    leads: CONSOLE_PATHS.leads,
    due: CONSOLE_PATHS.due,
    applications: CONSOLE_PATHS.applications,
    accounts: CONSOLE_PATHS.accounts,
    security: CONSOLE_PATHS.security,
    "security-log": CONSOLE_PATHS.securityLog,
    throttles: CONSOLE_PATHS.throttles,
  };
  return byView[view] ?? CONSOLE_PATHS.leads;
}
