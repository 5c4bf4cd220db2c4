import { PRIVACY_COPY } from "../../content/staff-privacy";
import { Link, Outlet, redirect, useLocation, useNavigate } from "react-router";
import { Button } from "../../components/button";
import { STAFF_CALLS_COPY } from "../../content/staff-calls";
import { CONSOLE_COPY } from "../../content/staff-console";
import { REPORTS_COPY } from "../../content/staff-reports";
import { SECURITY_COPY } from "../../content/staff-security";
import { APPROVAL_COPY } from "../../content/rewards-copy";
import { useEffect, useMemo, useState } from "react";
import type { ApprovalList, SignedIn } from "../../../domain/staff-console-api";
import { SessionIntentSchema } from "../../../domain/staff-console-intents";
import { fieldsOf, runAction } from "./console-actions";
import { ConsoleSessionContext, useConsoleSession } from "./console-session";
import { useSessionForm } from "./use-console-form";
import { CONSOLE_PATHS, routeOfOldAddress } from "./console-paths";
import { ViewError } from "./console-ui";
import { SecondFactorPrompt } from "./second-factor-prompt";
import { SecondFactorSetup } from "./second-factor-setup";
import type { Enrolment } from "../../../domain/staff-console-api";
import { SignInForm } from "./sign-in-form";
import { ConsoleError, staffApi, type ApiResult } from "./staff-api";
import { isAdmin, loadSession, type Session } from "./staff-session";

export interface ConsoleData {
  session: Session;
  /** Signed in: how many rewards wait for a second admin (the Approvals tab's count). */
  pendingApprovals?: number;
}

/**
 * The layout route's read (/staff and every view under it): who is signed in. It writes nothing:
 * at the enrol stage the key to set up is made by the layout's action (EnrolStage). An address of
 * the old one-page console (?view=, ?lead=) answers with the route that shows it now.
 */
export async function loadConsole(request: Request): Promise<ConsoleData> {
  const url = new URL(request.url);
  const moved =
    url.pathname.replace(/\/$/, "") === CONSOLE_PATHS.leads ? routeOfOldAddress(url.searchParams) : undefined;
  if (moved) throw redirect(moved);
  const session = await loadSession();
  if (!session.account || (session.stage && session.stage !== "full")) return { session };
  const pending = await staffApi<ApprovalList>("/approvals");
  return { session, ...(pending.ok ? { pendingApprovals: pending.data.approvals.length } : {}) };
}

/** The layout route's changes: signing in, the second factor's code, the key at the enrol stage and its code, signing out. */
export const changeSession = (request: Request) =>
  runAction(request, SessionIntentSchema, (change, post) => {
    switch (change.intent) {
      case "sign-in":
        return post("/sign-in", fieldsOf(change));
      case "verify":
        return post("/second-factor/verify", fieldsOf(change));
      case "setup":
        return post("/second-factor/setup");
      case "confirm":
        return post("/second-factor/confirm", fieldsOf(change));
      case "sign-out":
        return post("/sign-out");
    }
  });

/**
 * Whether the layout reads the session again: after its own changes (except the enrol stage's key
 * and its confirmation, whose recovery codes stay on screen until Continue) and one's own security's (a new session),
 * not after a view's change (a step, a lift: the session is the same), unless it was refused with a 401.
 */
export function layoutRevalidates(
  submission: { formAction?: string | undefined; json?: unknown; actionResult?: unknown },
  byDefault: boolean,
): boolean {
  if (!submission.formAction) return byDefault;
  // The session ended under a view's change: the layout shows the sign-in form.
  if (
    (submission.actionResult as ApiResult<unknown> | undefined)?.ok === false &&
    (submission.actionResult as { status?: number }).status === 401
  )
    return true;
  const path = new URL(submission.formAction, "http://console").pathname.replace(/\/$/, "");
  const intent = (submission.json as { body?: { intent?: string } } | undefined)?.body?.intent;
  if (path === CONSOLE_PATHS.leads) return intent !== "confirm" && intent !== "setup" && byDefault;
  // The Approvals tab's count: after a decision, and after an order or re-send held for approval (202).
  const result = submission.actionResult as ApiResult<{ approval?: unknown }> | undefined;
  if (path === CONSOLE_PATHS.approvals || (result?.ok && result.data?.approval)) return byDefault;
  return path === CONSOLE_PATHS.security && byDefault;
}

type Tab = [to: string, label: string];

/** The console's frame: sign-in, the second factor, or the signed-in header with its tabs and the view's route below. */
export function StaffConsole({ data }: { data: ConsoleData }) {
  const { session } = data;
  // Why the sign-in form is shown again: signed out (Sign out says so before it asks), else the
  // session ended (a 401 under a change or a read); nothing when the console opens signed out.
  // The frame remembers, from the sessions it was given, whether it has been signed in.
  const [notice, setNotice] = useState<string>();
  const [seen, setSeen] = useState({ signedIn: false, ever: false });
  const signedIn = Boolean(session.account);
  if (signedIn !== seen.signedIn) {
    setSeen({ signedIn, ever: seen.ever || signedIn });
    if (signedIn) setNotice(undefined);
  }
  const ended = seen.ever ? CONSOLE_COPY.signIn.expired : undefined;
  const shown = notice ?? (session.account ? undefined : session.notice) ?? ended;
  const csrfToken = session.account ? session.csrfToken : "";
  const context = useMemo(() => ({ csrfToken, signedOut: setNotice }), [csrfToken]);
  return (
    <ConsoleSessionContext.Provider value={context}>
      {session.account ? (
        <SignedInConsole data={data as ConsoleData & { session: SignedIn }} />
      ) : (
        <SignInForm notice={shown} />
      )}
    </ConsoleSessionContext.Provider>
  );
}

/**
 * The enrol stage (an admin's account must have a second factor): the key is made by the layout's
 * action once this shows (a change, never the loader's), then set up and confirmed.
 */
function EnrolStage() {
  const location = useLocation();
  const navigate = useNavigate();
  const setup = useSessionForm<Record<string, never>, Enrolment>({ intent: "setup", initial: {} });
  const { submit } = setup;
  useEffect(() => {
    void submit();
    // Once per stage: the hook's guard keeps a second submit out while the first is on its way.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A same-address navigation makes the router read every loader again.
  const reload = () => void navigate(location, { replace: true });
  const answer = setup.answer;
  return (
    <main>
      {answer?.ok ? (
        <SecondFactorSetup required enrolment={answer.data} onContinue={reload} />
      ) : (
        <ViewError
          error={
            new ConsoleError(answer?.ok === false ? answer.status : 0, answer?.error ?? SECURITY_COPY.setup.loading)
          }
        />
      )}
    </main>
  );
}

function SignedInConsole({ data }: { data: ConsoleData & { session: SignedIn } }) {
  const location = useLocation();
  const { session } = data;
  if (session.stage === "second_factor") return <SecondFactorPrompt />;
  if (session.stage === "enrol") return <EnrolStage />;

  const admin = isAdmin(session);
  const tabs: Tab[] = [
    [CONSOLE_PATHS.leads, CONSOLE_COPY.nav.leads],
    [CONSOLE_PATHS.due, CONSOLE_COPY.nav.due],
    [CONSOLE_PATHS.calls, STAFF_CALLS_COPY.calls.nav],
    [CONSOLE_PATHS.applications, CONSOLE_COPY.nav.applications],
    [CONSOLE_PATHS.reports, REPORTS_COPY.nav],
    [
      CONSOLE_PATHS.approvals,
      data.pendingApprovals
        ? `${CONSOLE_COPY.nav.approvals} (${APPROVAL_COPY.countLabel(data.pendingApprovals)})`
        : CONSOLE_COPY.nav.approvals,
    ],
    ...(admin ? [[CONSOLE_PATHS.accounts, CONSOLE_COPY.nav.accounts] as Tab] : []),
    [CONSOLE_PATHS.security, SECURITY_COPY.nav.security],
    ...(admin
      ? [
          [CONSOLE_PATHS.securityLog, SECURITY_COPY.nav.log] as Tab,
          [CONSOLE_PATHS.throttles, SECURITY_COPY.nav.throttles] as Tab,
          [CONSOLE_PATHS.privacy, PRIVACY_COPY.nav] as Tab,
        ]
      : []),
  ];

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-300 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="text-lg font-bold text-brand">{CONSOLE_COPY.title}</p>
          <ConsoleMenu tabs={tabs} current={location.pathname.replace(/\/$/, "")} />
          <SignOut email={session.account.email} />
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}

/**
 * The console's menu: a row of links, folded below 640 px into one "Menu" button naming the page
 * shown (six rows took a phone's first screen); a link chosen folds it again.
 */
function ConsoleMenu({ tabs, current }: { tabs: Tab[]; current: string }) {
  const [open, setOpen] = useState(false);
  const here = tabs.find(([to]) => to === current)?.[1];
  return (
    <nav aria-label={CONSOLE_COPY.nav.label} className="max-sm:w-full">
      <button
        type="button"
        className="inline-flex min-h-11 items-center gap-2 rounded-md px-3 font-semibold text-brand ring-1 ring-slate-300 sm:hidden"
        aria-expanded={open}
        aria-controls="console-menu"
        onClick={() => setOpen((was) => !was)}
      >
        {CONSOLE_COPY.nav.menu(here)}
      </button>
      <ul
        id="console-menu"
        className={`flex flex-wrap gap-2 max-sm:mt-2 max-sm:flex-col ${open ? "" : "max-sm:hidden"}`}
      >
        {tabs.map(([to, label]) => (
          <li key={to}>
            <Link
              to={to}
              onClick={() => setOpen(false)}
              aria-current={current === to ? "page" : undefined}
              className="inline-flex min-h-11 items-center rounded-md px-3 font-semibold text-brand underline-offset-2 hover:underline aria-[current=page]:bg-brand aria-[current=page]:text-white"
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SignOut({ email }: { email: string }) {
  const { signedOut } = useConsoleSession();
  const signOut = useSessionForm({ intent: "sign-out", initial: {} });
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <span>
        {CONSOLE_COPY.nav.signedInAs} <strong>{email}</strong>
      </span>
      <Button
        tone="plain"
        onClick={() => {
          // Said before asking: once the server has ended the session, this button is gone.
          signedOut(CONSOLE_COPY.signIn.signedOut);
          void signOut.submit();
        }}
      >
        {CONSOLE_COPY.nav.signOut}
      </Button>
    </div>
  );
}
