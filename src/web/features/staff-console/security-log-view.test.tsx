import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION, answerApi, renderInRoute } from "./console-test-support";
import { SecurityLogView, loadSecurityLog, type SecurityLogData } from "./security-log-view";
import { keepSession } from "./staff-session";

afterEach(() => {
  vi.unstubAllGlobals();
  keepSession(undefined);
});

const event = (id: string, kind = "sign_in") => ({
  id,
  at: "2026-11-25T10:00:00.000Z",
  kind,
  actorEmail: "dana@provider.example",
  subjectEmail: null,
  clientIp: "198.51.100.7",
  rowCount: null,
  detail: null,
});

function renderLog(url: string) {
  return renderInRoute((data) => <SecurityLogView data={data as SecurityLogData} />, {
    path: "/staff/security-log",
    url,
    loader: ({ request }) => loadSecurityLog(request),
  });
}

describe("SecurityLogView", () => {
  it("shows as many pages as the address asks for, with its filters, and asks for one more with Show older events", async () => {
    const calls = answerApi(
      SESSION,
      { status: 200, body: { events: [event("e1")], nextBefore: "2026-11-25T09:00:00.000Z" } },
      { status: 200, body: { events: [event("e2")], nextBefore: "2026-11-25T08:00:00.000Z" } },
      { status: 200, body: { events: [event("e1")], nextBefore: "2026-11-25T09:00:00.000Z" } },
      { status: 200, body: { events: [event("e2")], nextBefore: "2026-11-25T08:00:00.000Z" } },
      { status: 200, body: { events: [event("e3")], nextBefore: null } },
    );
    const user = userEvent.setup();
    renderLog("/staff/security-log?kind=sign_in&pages=2");
    const table = await screen.findByRole("table", { name: "Security log" });
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect(screen.getByRole("combobox", { name: "Event" })).toHaveValue("sign_in");
    await user.click(screen.getByRole("button", { name: "Older events" }));
    await vi.waitFor(() => expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(4));
    expect(screen.queryByRole("button", { name: "Older events" })).not.toBeInTheDocument();
    expect(calls.slice(1).map((c) => c.url)).toEqual([
      "/api/staff/security-events?kind=sign_in",
      "/api/staff/security-events?kind=sign_in&before=2026-11-25T09%3A00%3A00.000Z",
      "/api/staff/security-events?kind=sign_in",
      "/api/staff/security-events?kind=sign_in&before=2026-11-25T09%3A00%3A00.000Z",
      "/api/staff/security-events?kind=sign_in&before=2026-11-25T08%3A00%3A00.000Z",
    ]);
  });

  it("shows the server's refusal of a filter beside the field and in words", async () => {
    answerApi(SESSION, {
      status: 400,
      body: { error: "Use a date such as 2026-01-31.", fields: { from: "Use a date such as 2026-01-31." } },
    });
    renderLog("/staff/security-log?from=2026-02-31");
    expect(await screen.findByRole("alert")).toHaveTextContent("Use a date such as 2026-01-31.");
    expect(screen.getByLabelText(/From/)).toHaveAccessibleDescription(
      expect.stringContaining("Use a date such as 2026-01-31."),
    );
  });
});
