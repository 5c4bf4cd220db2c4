import type { ReactNode } from "react";
import { createRoutesStub, useLoaderData, useLocation, type Params } from "react-router";
import { render } from "@testing-library/react";
import { vi } from "vitest";
import type { LeadDetail, LeadRecord } from "../../../domain/staff-console-api";
import { ConsoleSessionContext } from "./console-session";

type Reply = { status: number; body: unknown };
const isSessionReply = (reply: Reply | undefined) =>
  typeof reply?.body === "object" && reply.body !== null && "account" in reply.body;

/**
 * The console's API as the browser sees it in a unit test: each call answers the next reply
 * (status and JSON body); the calls are recorded. Every loader reads the session (GET /session)
 * before its data, also when the router revalidates after a change: a session stays as last
 * answered until the next reply is another session (one with `account`).
 */
export function answerApi(...replies: Reply[]) {
  const calls: { url: string; method: string; headers: Record<string, string>; body: unknown }[] = [];
  let session: Reply | undefined;
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({
      url,
      method: init.method ?? "GET",
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
    });
    const asksSession = url === "/api/staff/session" && (init.method ?? "GET") === "GET";
    const reply =
      asksSession && session && !isSessionReply(replies[0]) ? session : (replies.shift() ?? { status: 500, body: {} });
    if (asksSession && isSessionReply(reply)) session = reply;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetch);
  return calls;
}

/** jsdom has no <dialog> behaviour: model the open attribute. */
export function modelDialogs() {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
}

/**
 * Renders a console view inside a router, at `url` of a route with `path`, whose loader and
 * action are the feature's own (they call the stubbed API): forms send through the action, and
 * the router revalidates as in the browser.
 */
export function renderInRoute(
  view: (data: unknown) => ReactNode,
  {
    path,
    url = path,
    loader,
    action,
  }: {
    path: string;
    url?: string;
    loader?: (args: { request: Request; params: Params }) => unknown;
    action?: (args: { request: Request; params: Params }) => unknown;
  },
) {
  const Stub = createRoutesStub([
    {
      path,
      Component: function View() {
        return <>{view(useLoaderData())}</>;
      },
      HydrateFallback: () => null,
      ...(loader
        ? { loader: ({ request, params }: { request: Request; params: Params }) => loader({ request, params }) }
        : {}),
      ...(action
        ? { action: ({ request, params }: { request: Request; params: Params }) => action({ request, params }) }
        : {}),
    },
    {
      path: "*",
      Component: function Elsewhere() {
        const location = useLocation();
        return <p>{`Now at ${location.pathname}${location.search}`}</p>;
      },
    },
  ]);
  // The layout's part: the session's CSRF token for the forms (console-session.ts).
  const session = { csrfToken: SESSION.body.csrfToken, signedOut: () => {} };
  return render(
    <ConsoleSessionContext.Provider value={session}>
      <Stub initialEntries={[url]} />
    </ConsoleSessionContext.Provider>,
  );
}

/** A signed-in session as GET /api/staff/session answers it (what every view's loader asks first). */
export const SESSION = {
  status: 200,
  body: {
    account: { email: "boss@provider.example", role: "admin", secondFactor: true },
    csrfToken: "csrf-token",
    stage: "full",
  },
};

/** The lead every lead-page test shows, as GET /api/staff/leads/:id answers it. */
const LEAD_RECORD: LeadRecord = {
  id: "4b7e3f2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b",
  form: "homepage_form",
  receivedAt: "2026-11-20T10:00:00.000Z",
  facilityName: "Sunrise Care",
  facilityType: "Skilled Nursing Facility",
  location: "Ohio",
  rolesNeeded: [],
  urgency: "",
  shiftTypes: [],
  firstName: "Dana",
  lastName: "Reyes",
  title: "",
  email: "dana@sunrise.example",
  phone: "5550100000",
  consentAgreed: true,
  trafficSource: "",
  timestamp: "2026-11-20T10:00:00.000Z",
  source: "Homepage Form",
  userAgent: null,
  referrer: null,
  url: null,
  utm: {},
  consentText: null,
  consentVersion: null,
  clientIp: null,
  pageUrl: null,
  pipelineStatus: "new",
};

/** A lead page's answer, typed as the server's (LeadDetail): the test names only what it changes. */
export function leadDetailOf(
  changes: Partial<Omit<LeadDetail, "lead">> & { lead?: Partial<LeadRecord> } = {},
): LeadDetail {
  const { lead, ...rest } = changes;
  return {
    lead: { ...LEAD_RECORD, ...lead },
    flags: [],
    timeline: [],
    deliveries: [],
    qualification: { summary: null, chat: null, voiceCalls: [] },
    verification: null,
    doNotContact: false,
    ...rest,
  };
}
