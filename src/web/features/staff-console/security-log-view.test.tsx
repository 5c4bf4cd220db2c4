import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION, answerApi, renderInRoute } from "./console-test-support";
import { SecurityLogView, loadSecurityLog, type SecurityLogData } from "./security-log-view";

afterEach(() => {
  vi.unstubAllGlobals();
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
  repeats: 1,
  actorRole: "staff",
  lead: null,
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
    expect(calls.map((c) => c.url).filter((url) => url !== "/api/staff/session")).toEqual([
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

  it("says each event as a sentence, with links to the lead and the approval, e-mails broken after @ and dots, and no empty columns", async () => {
    const lead = { id: "5605fc18-0000-4000-8000-000000000001", facilityName: "Sunrise Nursing" };
    const asked = {
      ...event("e1", "reward_approval_requested"),
      actorEmail: "ana@sunrise.example",
      lead,
      detail: {
        leadId: lead.id,
        step: "gift_card_sent",
        action: "resend",
        approvalId: "a-1",
        reason: "other_recipient",
      },
    };
    const added = {
      ...event("e2", "account_created"),
      actorEmail: "server:npm run staff",
      actorRole: null,
      subjectEmail: "bo@sunrise.example",
      detail: { role: "admin" },
    };
    answerApi(SESSION, { status: 200, body: { events: [asked, added], nextBefore: null } });
    renderLog("/staff/security-log");
    const table = await screen.findByRole("table", { name: "Security log" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["When", "What happened", "From address"]);
    const [first, second] = within(table).getAllByRole("row").slice(1);
    expect(first).toHaveTextContent(
      "ana@sunrise.example (staff) asked to send the $50 card of Sunrise Nursing's lead, again, to another address; waiting for a second admin (the approval).",
    );
    expect(within(first!).getByRole("link", { name: "Sunrise Nursing's lead" })).toHaveAttribute(
      "href",
      `/staff/leads/${lead.id}?from=%2Fstaff%2Fsecurity-log`,
    );
    expect(within(first!).getByRole("link", { name: "the approval" })).toHaveAttribute(
      "href",
      "/staff/approvals#approval-a-1",
    );
    expect(first!.innerHTML).toContain("ana@<wbr>sunrise.<wbr>example");
    expect(first).not.toHaveTextContent(/leadId|approvalId|step:/);
    expect(second).toHaveTextContent(
      "bo@sunrise.example was added as an admin, set up from the server's command line.",
    );
    expect(second).not.toHaveTextContent("npm run staff");
  });
});
