import { useCallback, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Button } from "../../components/button";
import { CONSOLE_COPY } from "../../content/staff-console";
import { AccountsView } from "./accounts-view";
import { ApplicationsView } from "./applications-view";
import { LeadList } from "./lead-list";
import { LeadPage } from "./lead-page";
import { SignInForm, type SignedIn } from "./sign-in-form";
import { setCsrfToken, staffApi, whenSignedOut } from "./staff-api";

type Session = { state: "checking" } | { state: "signed-out"; notice?: string } | ({ state: "signed-in" } & SignedIn);

/**
 * The staff console (/staff): renders only in the browser, from the authenticated API; the
 * prerendered page holds nothing but "Loading". Views live in the URL (?view=, ?lead=, ?application=).
 */
export function StaffConsole() {
  const [session, setSession] = useState<Session>({ state: "checking" });
  // useLocation/useNavigate rather than useSearchParams: the public pages' shared router chunk
  // already holds them, so the console adds nothing to what every page loads.
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);

  const signedIn = useCallback((data: SignedIn) => {
    setCsrfToken(data.csrfToken);
    setSession({ state: "signed-in", ...data });
  }, []);

  useEffect(() => {
    whenSignedOut(() => setSession({ state: "signed-out", notice: CONSOLE_COPY.signIn.expired }));
    void staffApi<SignedIn | { account: null }>("/session").then((result) => {
      if (result.ok && result.data.account) signedIn(result.data as SignedIn);
      else setSession({ state: "signed-out", notice: result.ok ? undefined : result.error });
    });
  }, [signedIn]);

  if (session.state === "checking") return <p className="p-8 text-center">{CONSOLE_COPY.loading}</p>;
  if (session.state === "signed-out") return <SignInForm notice={session.notice} onSignedIn={signedIn} />;

  const go = (next: Record<string, string>) => void navigate({ search: `?${new URLSearchParams(next)}` });
  const view = params.get("view") ?? "leads";
  const lead = params.get("lead");
  const application = params.get("application");
  const isAdmin = session.account.role === "admin";

  const signOut = async () => {
    await staffApi("/sign-out", { method: "POST" });
    setCsrfToken("");
    setSession({ state: "signed-out", notice: CONSOLE_COPY.signIn.signedOut });
  };

  const tabs: [string, string][] = [
    ["leads", CONSOLE_COPY.nav.leads],
    ["due", CONSOLE_COPY.nav.due],
    ["applications", CONSOLE_COPY.nav.applications],
    ...(isAdmin ? [["accounts", CONSOLE_COPY.nav.accounts] as [string, string]] : []),
  ];

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-300 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="text-lg font-bold text-brand">{CONSOLE_COPY.title}</p>
          <nav aria-label={CONSOLE_COPY.nav.label}>
            <ul className="flex flex-wrap gap-2">
              {tabs.map(([key, label]) => (
                <li key={key}>
                  <a
                    href={`?view=${key}`}
                    aria-current={view === key && !lead && !application ? "page" : undefined}
                    onClick={(event) => {
                      event.preventDefault();
                      go({ view: key });
                    }}
                    className="inline-flex min-h-11 items-center rounded-md px-3 font-semibold text-brand underline-offset-2 hover:underline aria-[current=page]:bg-brand aria-[current=page]:text-white"
                  >
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span>
              {CONSOLE_COPY.nav.signedInAs} <strong>{session.account.email}</strong>
            </span>
            <Button tone="plain" onClick={signOut}>
              {CONSOLE_COPY.nav.signOut}
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6">
        {lead ? (
          <LeadPage key={lead} id={lead} onBack={() => go({ view: view === "due" ? "due" : "leads" })} onOpenLead={(id) => go({ view, lead: id })} />
        ) : application ? (
          <ApplicationsView selected={application} onOpen={(id) => go({ view: "applications", application: id })} onBack={() => go({ view: "applications" })} />
        ) : view === "applications" ? (
          <ApplicationsView onOpen={(id) => go({ view: "applications", application: id })} onBack={() => go({ view: "applications" })} />
        ) : view === "accounts" && isAdmin ? (
          <AccountsView />
        ) : (
          <LeadList key={view} due={view === "due"} onOpen={(id) => go({ view, lead: id })} />
        )}
      </main>
    </div>
  );
}
