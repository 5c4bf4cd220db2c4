import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION, answerApi, renderInRoute } from "./console-test-support";
import { ApprovalsView, changeApprovals, loadApprovals, type ApprovalsData } from "./approvals-view";

afterEach(() => {
  vi.unstubAllGlobals();
});

const LEAD = "4b7e3f2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
const approval = (id: string, over: object = {}) => ({
  id,
  leadId: LEAD,
  step: "gift_card_sent",
  action: "order",
  reason: "other_recipient",
  amountUsd: 50,
  recipientEmail: `${id}@elsewhere.example`,
  previousRecipientEmail: "dana@sunrise.example",
  note: "",
  status: "pending",
  requestedBy: "staff:worker@provider.example",
  requestedAt: "2026-11-20T10:00:00.000Z",
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
  facilityName: "Sunrise Nursing",
  ...over,
});
const NEWER = approval("newer", { requestedAt: "2026-11-21T10:00:00.000Z", note: "Her personal address" });
const OLDER = approval("older", {
  step: "bonus_sent",
  action: "resend",
  amountUsd: 250,
  reason: "same_verifier",
  previousRecipientEmail: null,
});
const DECIDED = approval("decided", {
  status: "declined",
  decidedBy: "staff:chief@provider.example",
  decidedAt: "2026-11-19T12:00:00.000Z",
  decisionNote: "Not the lead's address",
});
/** GET ?status=pending (newest first, as the server answers), then GET ?status=all. */
const LISTS = [
  { status: 200, body: { approvals: [NEWER, OLDER] } },
  { status: 200, body: { approvals: [NEWER, OLDER, DECIDED] } },
];
const STAFF = { status: 200, body: { ...SESSION.body, account: { ...SESSION.body.account, role: "staff" } } };

function renderApprovals() {
  return renderInRoute((data) => <ApprovalsView data={data as ApprovalsData} />, {
    path: "/staff/approvals",
    loader: () => loadApprovals(),
    action: ({ request }) => changeApprovals(request),
  });
}

const pendingItems = () =>
  within(screen.getByRole("list", { name: "Waiting for a decision" })).getAllByRole("listitem");

describe("ApprovalsView", () => {
  it("lists the pending ones oldest first, each in words, and the decided ones below with who decided", async () => {
    const calls = answerApi(SESSION, ...LISTS);
    renderApprovals();
    const heading = await screen.findByRole("heading", { name: "Approvals", level: 1 });
    // The view moves the focus to its heading in an effect after it renders: wait for it.
    await vi.waitFor(() => expect(heading).toHaveFocus());
    expect(calls.map((c) => c.url)).toEqual([
      "/api/staff/session",
      "/api/staff/approvals?status=pending",
      "/api/staff/approvals?status=all",
    ]);
    const [first, second] = pendingItems();
    expect(first).toHaveTextContent("The $250 bonus for Sunrise Nursing's lead, sent again to older@elsewhere.example");
    expect(first).toHaveTextContent("The same person verified the role and marked the first shift, or asks to pay it.");
    expect(first).not.toHaveTextContent("Instead of");
    // The title names the lead's facility and says the amount once.
    expect(second).toHaveTextContent(
      "The $50 Visa gift card for Sunrise Nursing's lead, e-mailed to newer@elsewhere.example",
    );
    expect(second).not.toHaveTextContent("($50)");
    expect(second).toHaveTextContent("Instead of dana@sunrise.example.");
    expect(second).toHaveTextContent("Asked by worker@provider.example on");
    expect(second).toHaveTextContent("Their note: Her personal address");
    expect(
      within(second!).getByRole("link", { name: "Open the lead of the request to newer@elsewhere.example" }),
    ).toHaveAttribute("href", `/staff/leads/${LEAD}?from=%2Fstaff%2Fapprovals`);
    expect(within(second!).getByRole("button", { name: "Approve" })).toBeInTheDocument();
    const decided = within(screen.getByRole("list", { name: "Decided" })).getAllByRole("listitem");
    expect(decided).toHaveLength(1);
    expect(decided[0]).toHaveTextContent("Declined by chief@provider.example on");
    expect(decided[0]).toHaveTextContent("Decision note: Not the lead's address");
    expect(within(decided[0]!).queryByRole("button")).not.toBeInTheDocument();
  });

  it("approves in place with the note, says so, and reads the list again", async () => {
    const calls = answerApi(
      SESSION,
      ...LISTS,
      { status: 200, body: { approval: { ...OLDER, status: "approved" } } },
      { status: 200, body: { approvals: [NEWER] } },
      {
        status: 200,
        body: { approvals: [NEWER, { ...OLDER, status: "approved", decidedBy: "staff:boss@provider.example" }] },
      },
    );
    const user = userEvent.setup();
    renderApprovals();
    await screen.findByRole("heading", { name: "Approvals", level: 1 });
    const [older] = pendingItems();
    await user.type(within(older!).getByRole("textbox", { name: /Note on your decision/ }), "Checked with the lead");
    await user.click(within(older!).getByRole("button", { name: "Approve" }));
    await vi.waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent(
        "Approved: the order to older@elsewhere.example is sent to the rewards provider.",
      ),
    );
    expect(calls[3]).toMatchObject({
      method: "POST",
      url: "/api/staff/approvals/older/approve",
      body: { note: "Checked with the lead" },
    });
    expect(pendingItems()).toHaveLength(1);
    // The pressed button left with its item: the answer has the focus.
    await vi.waitFor(() => expect(screen.getByRole("status").parentElement).toHaveFocus());
    expect(
      within(screen.getByRole("list", { name: "Decided" })).getByText(/Approved by boss@provider.example/),
    ).toBeInTheDocument();
  });

  it("shows the server's words when it refuses (the one who asked cannot approve their own)", async () => {
    answerApi(
      SESSION,
      ...LISTS,
      { status: 403, body: { error: "A second admin must approve this: you asked for it." } },
      ...LISTS,
    );
    const user = userEvent.setup();
    renderApprovals();
    await screen.findByRole("heading", { name: "Approvals", level: 1 });
    await user.click(within(pendingItems()[1]!).getByRole("button", { name: "Decline" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("A second admin must approve this: you asked for it.");
    expect(screen.getByRole("status")).toHaveTextContent("");
    expect(pendingItems()).toHaveLength(2);
  });

  it("sends one decision for a double click, and none for Decline pressed while Approve is on its way", async () => {
    let answer: (value: Response) => void = () => {};
    const calls = answerApi(SESSION, ...LISTS, ...LISTS);
    const user = userEvent.setup();
    renderApprovals();
    await screen.findByRole("heading", { name: "Approvals", level: 1 });
    const listed = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      if (init?.method !== "POST") return listed(url as string, init);
      calls.push({ url: url as string, method: "POST", headers: {}, body: undefined });
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    const [older] = pendingItems();
    await user.dblClick(within(older!).getByRole("button", { name: "Approve" }));
    await user.click(within(older!).getByRole("button", { name: "Decline" }));
    expect(within(older!).getByRole("button", { name: /Approving/ })).toBeDisabled();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual(["/api/staff/approvals/older/approve"]);
    answer(new Response(JSON.stringify({ approval: {} }), { status: 200 }));
    await vi.waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Approved:"));
  });

  it("refuses a note over 500 characters before anything is sent", async () => {
    const calls = answerApi(SESSION, ...LISTS, ...LISTS);
    const user = userEvent.setup();
    renderApprovals();
    await screen.findByRole("heading", { name: "Approvals", level: 1 });
    const note = within(pendingItems()[0]!).getByRole("textbox", { name: /Note on your decision/ });
    note.removeAttribute("maxlength");
    await user.click(note);
    await user.paste("x".repeat(501));
    await user.click(within(pendingItems()[0]!).getByRole("button", { name: "Approve" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Keep the note under 500 characters.");
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("shows staff who are not admins the list without the buttons", async () => {
    answerApi(STAFF, ...LISTS);
    renderApprovals();
    expect(await screen.findByText("Only an admin who did not ask can approve or decline these.")).toBeInTheDocument();
    expect(pendingItems()).toHaveLength(2);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });

  it("says so when nothing waits and nothing was decided", async () => {
    answerApi(SESSION, { status: 200, body: { approvals: [] } }, { status: 200, body: { approvals: [] } });
    renderApprovals();
    expect(await screen.findByText("Nothing is waiting for approval.")).toBeInTheDocument();
    expect(screen.getByText("No approval decided yet.")).toBeInTheDocument();
  });
});
