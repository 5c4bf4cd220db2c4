import { PRIVACY_COPY } from "../../content/staff-privacy";
import { Link, Outlet, redirect, useLocation, useNavigate } from "react-router";
import { Button } from "../../components/button";
import { STAFF_CALLS_COPY } from "../../content/staff-calls";
import { CONSOLE_COPY } from "../../content/staff-console";
import { REPORTS_COPY } from "../../content/staff-reports";
import { SECURITY_COPY } from "../../content/staff-security";
import { APPROVAL_COPY } from "../../content/rewards";
import { readAction, useConsoleAction } from "./console-actions";
import { CONSOLE_PATHS, routeOfOldAddress } from "./console-paths";
import { ViewError } from "./console-ui";
import { SecondFactorPrompt } from "./second-factor-prompt";
import { SecondFactorSetup, type Enrolment } from "./second-factor-setup";
import { SignInForm } from "./sign-in-form";
import { ConsoleError, setCsrfToken, staffApi, type ApiResult } from "./staff-api";
import { isAdmin, keepSession, leaveNotice, loadSession, type Session } from "./staff-session";

export interface ConsoleData {
  session: Session;
  /** Signed in: how many rewards wait for a second admin (the Approvals tab's count). */
  pendingApprovals?: number;
  /** At the enrol stage: the key to set up (made once per stage, not on every revalidation). */
  enrolment?: ApiResult<Enrolment>;
}

let enrolment: ApiResult<Enrolment> | undefined;

/**
 * The layout route's read (/staff and every view under it): who is signed in, and at the enrol
 * stage the key to set up. An address of the old one-page console (?view=, ?lead=) answers with
 * the route that shows it now.
 */
export async function loadConsole(request: Request): Promise<ConsoleData> {
  const url = new URL(request.url);
  const moved =
    url.pathname.replace(/\/$/, "") === CONSOLE_PATHS.leads ? routeOfOldAddress(url.searchParams) : undefined;
  if (moved) throw redirect(moved);
  const session = await loadSession();
  if (session.account && session.stage === "enrol") {
    enrolment ??= await staffApi<Enrolment>("/second-factor/setup", { method: "POST" });
    return { session, enrolment };
  }
  enrolment = undefined;
  if (!session.account || (session.stage && session.stage !== "full")) return { session };
  const pending = await staffApi<{ approvals: unknown[] }>("/approvals");
  return { session, ...(pending.ok ? { pendingApprovals: pending.data.approvals.length } : {}) };
}

/** The layout route's changes: signing in, the second factor's code, confirming the key at the enrol stage, signing out. */
export async function changeSession(request: Request): Promise<ApiResult<unknown>> {
  const { intent, post } = await readAction(request);
  if (intent === "sign-in") return post("/sign-in");
  if (intent === "verify") return post("/second-factor/verify");
  if (intent === "confirm") return post("/second-factor/confirm");
  if (intent === "sign-out") {
    const answer = await post("/sign-out", {});
    setCsrfToken("");
    keepSession(undefined);
    leaveNotice(CONSOLE_COPY.signIn.signedOut);
    return answer;
  }
  throw new ConsoleError(400, CONSOLE_COPY.failed);
}

/**
 * Whether the layout reads the session again: after its own changes (except a confirmed key,
 * whose recovery codes stay on screen until Continue) and one's own security's (a new session),
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
  if (path === CONSOLE_PATHS.leads) return intent !== "confirm" && byDefault;
  // The Approvals tab's count: after a decision, and after an order or re-send held for approval (202).
  const result = submission.actionResult as ApiResult<{ approval?: unknown }> | undefined;
  if (path === CONSOLE_PATHS.approvals || (result?.ok && result.data?.approval)) return byDefault;
  return path === CONSOLE_PATHS.security && byDefault;
}

type Tab = [to: string, label: string];

/** The console's frame: sign-in, the second factor, or the signed-in header with its tabs and the view's route below. */
export function StaffConsole({ data }: { data: ConsoleData }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { session } = data;
  // A same-address navigation makes the router read every loader again.
  const reload = () => void navigate(location, { replace: true });

  if (!session.account) return <SignInForm notice={session.notice} />;
  if (session.stage === "second_factor") return <SecondFactorPrompt />;
  if (session.stage === "enrol") {
    return (
      <main>
        {data.enrolment?.ok ? (
          <SecondFactorSetup required enrolment={data.enrolment.data} onContinue={reload} />
        ) : (
          <ViewError
            error={
              new ConsoleError(
                data.enrolment?.ok === false ? data.enrolment.status : 0,
                data.enrolment?.ok === false ? data.enrolment.error : SECURITY_COPY.setup.loading,
              )
            }
          />
        )}
      </main>
    );
  }

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
          <nav aria-label={CONSOLE_COPY.nav.label}>
            <ul className="flex flex-wrap gap-2">
              {tabs.map(([to, label]) => (
                <li key={to}>
                  <Link
                    to={to}
                    aria-current={location.pathname.replace(/\/$/, "") === to ? "page" : undefined}
                    className="inline-flex min-h-11 items-center rounded-md px-3 font-semibold text-brand underline-offset-2 hover:underline aria-[current=page]:bg-brand aria-[current=page]:text-white"
                  >
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <SignOut email={session.account.email} />
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}

function SignOut({ email }: { email: string }) {
  const send = useConsoleAction();
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <span>
        {CONSOLE_COPY.nav.signedInAs} <strong>{email}</strong>
      </span>
      <Button tone="plain" onClick={() => void send({ intent: "sign-out" })}>
        {CONSOLE_COPY.nav.signOut}
      </Button>
    </div>
  );
}
