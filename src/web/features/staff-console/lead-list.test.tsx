import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION, answerApi, renderInRoute } from "./console-test-support";
import { LeadList, loadLeadList, type LeadListData } from "./lead-list";

afterEach(() => {
  vi.unstubAllGlobals();
});

const lead = (n: number) => ({
  id: `lead-${n}`,
  receivedAt: "2026-11-20T10:00:00.000Z",
  form: "homepage_form",
  firstName: "Dana",
  lastName: `Reyes${n}`,
  email: `d${n}@clinic.example`,
  phone: "(555) 010-0000",
  facilityName: "Sunrise",
  location: "Ohio",
  pipelineStatus: "new",
});
const COUNTS = {
  status: 200,
  body: {
    counts: {
      new: 2,
      qualified: 0,
      role_verified: 0,
      gift_card_sent: 0,
      first_shift_filled: 0,
      bonus_sent: 0,
      rejected: 0,
    },
  },
};

function renderList(url: string, due = false) {
  return renderInRoute((data) => <LeadList due={due} data={data as LeadListData} />, {
    path: due ? "/staff/due" : "/staff",
    url,
    loader: ({ request }) => loadLeadList(request, due),
  });
}

describe("LeadList", () => {
  it("reads its filters and page from the address, and shows them in the form", async () => {
    const calls = answerApi(SESSION, { status: 200, body: { leads: [lead(1)], nextCursor: null } }, COUNTS);
    renderList("/staff?q=dana&status=new&cursor=abc");
    expect(await screen.findByRole("link", { name: "Open lead Dana Reyes1" })).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual([
      "/api/staff/session",
      "/api/staff/leads?q=dana&status=new&cursor=abc",
      "/api/staff/leads/counts",
    ]);
    expect(screen.getByRole("searchbox", { name: /Search leads/ })).toHaveValue("dana");
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveValue("new");
    expect(screen.getByRole("button", { name: "First page" })).toBeInTheDocument();
  });

  it("applies the filters as the address (blank ones left out), keeping the view, and pages with a cursor", async () => {
    const calls = answerApi(
      SESSION,
      { status: 200, body: { leads: [lead(1)], nextCursor: null } },
      COUNTS,
      { status: 200, body: { leads: [lead(2)], nextCursor: "next-1" } },
      COUNTS,
      { status: 200, body: { leads: [lead(3)], nextCursor: null } },
      COUNTS,
    );
    const user = userEvent.setup();
    renderList("/staff");
    await user.type(await screen.findByRole("searchbox", { name: /Search leads/ }), "reyes");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    expect(await screen.findByRole("link", { name: "Open lead Dana Reyes2" })).toBeInTheDocument();
    // The lead's link carries the list's address, so Back to leads returns to it.
    expect(screen.getByRole("link", { name: "Open lead Dana Reyes2" })).toHaveAttribute(
      "href",
      `/staff/leads/lead-2?from=${encodeURIComponent("/staff?q=reyes")}`,
    );
    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(await screen.findByRole("link", { name: "Open lead Dana Reyes3" })).toHaveAttribute(
      "href",
      `/staff/leads/lead-3?from=${encodeURIComponent("/staff?q=reyes&cursor=next-1")}`,
    );
    expect(calls.filter((c) => c.url.startsWith("/api/staff/leads?")).map((c) => c.url)).toEqual([
      "/api/staff/leads?",
      "/api/staff/leads?q=reyes",
      "/api/staff/leads?q=reyes&cursor=next-1",
    ]);
    expect(screen.getByRole("searchbox", { name: /Search leads/ })).toHaveValue("reyes");
  });

  it("refuses filters the domain's query schema refuses, in a focused error summary, and stays where it is", async () => {
    const calls = answerApi(SESSION, { status: 200, body: { leads: [], nextCursor: null } }, COUNTS);
    const user = userEvent.setup();
    renderList("/staff");
    await user.type(await screen.findByRole("searchbox", { name: /Search leads/ }), "x".repeat(201));
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    const summary = await screen.findByRole("alert", { name: "There is a problem" });
    await vi.waitFor(() => expect(summary).toHaveFocus());
    expect(summary).toHaveTextContent("must be at most 200 characters");
    expect(calls).toHaveLength(3);
  });

  it("is the Due view with the role to verify chosen until another is, and no counts", async () => {
    const calls = answerApi(SESSION, { status: 200, body: { leads: [], nextCursor: null } });
    renderList("/staff/due", true);
    expect(await screen.findByRole("heading", { name: "Due: promises running late" })).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(["/api/staff/session", "/api/staff/leads?due=verification"]);
    expect(screen.getByRole("combobox", { name: "Due" })).toHaveValue("verification");
    expect(screen.getByText("No leads match these filters.")).toBeInTheDocument();
    // Only what the Due view needs: which promise, and a search; not the lead list's whole panel again.
    const form = screen.getByRole("form", { name: "Choose what is due" });
    expect(
      within(form)
        .getAllByRole("combobox")
        .map((c) => c.getAttribute("id")),
    ).toEqual(["lead-due"]);
    expect(within(form).getByRole("searchbox", { name: /Search leads/ })).toBeInTheDocument();
    expect(within(form).queryByLabelText("Received from")).not.toBeInTheDocument();
    expect(within(form).queryByRole("button", { name: "Clear filters" })).not.toBeInTheDocument();
  });

  it("shows each due lead's reason, in the order the server gives (the longest waiting first)", async () => {
    const leads = [
      { ...lead(1), reason: "free-mail address" },
      { ...lead(2), reason: "not checked yet" },
    ];
    answerApi(SESSION, { status: 200, body: { leads, nextCursor: null } });
    renderList("/staff/due", true);
    const table = await screen.findByRole("table", { name: "Leads due, the longest waiting first" });
    expect(within(table).getByRole("columnheader", { name: "Why it needs a person" })).toBeInTheDocument();
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell").at(-1)!.textContent)).toEqual([
      "free-mail address",
      "not checked yet",
    ]);
  });

  it("shows every reason on its own line, the one that decides first, none hidden behind a hover", async () => {
    const reasons = ["free-mail address", "facility not found in Georgia", "work e-mail address not confirmed"];
    answerApi(SESSION, {
      status: 200,
      body: { leads: [{ ...lead(1), reason: reasons[0], reasons }], nextCursor: null },
    });
    renderList("/staff/due", true);
    const table = await screen.findByRole("table", { name: "Leads due, the longest waiting first" });
    const cell = within(table).getAllByRole("row")[1]!.querySelectorAll("td");
    const shown = cell[cell.length - 1]!;
    expect(
      within(shown)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(reasons);
    expect(shown.querySelector("[title]")).toBeNull();
    expect(shown).not.toHaveTextContent(/hover|more/);
  });

  it("shows a do-not-contact badge beside the lead, and a person's decision as the status, by whom", async () => {
    const verified = {
      ...lead(1),
      pipelineStatus: "role_verified",
      doNotContact: true,
      roleStep: {
        toStatus: "role_verified",
        actor: "staff:ana@example.com",
        at: "2026-11-28T15:00:00.000Z",
        details: { method: "phone_call_to_facility" },
      },
    };
    answerApi(SESSION, { status: 200, body: { leads: [verified], nextCursor: null } }, COUNTS);
    renderList("/staff");
    await screen.findByRole("link", { name: "Open lead Dana Reyes1" });
    const table = screen.getByRole("table");
    const row = within(table).getAllByRole("row")[1]!;
    expect(row).toHaveTextContent("Do not contact");
    expect(row).toHaveTextContent(/Verified by ana@example\.com on Nov 28 \(called the facility\)/);
  });

  it("names the due kind as the reason when the server gives none (a late call)", async () => {
    answerApi(SESSION, { status: 200, body: { leads: [lead(3)], nextCursor: null } });
    renderList("/staff/due?due=call", true);
    const table = await screen.findByRole("table", { name: "Leads due, the longest waiting first" });
    expect(within(table).getByRole("cell", { name: "24-hour call late" })).toBeInTheDocument();
  });
});
