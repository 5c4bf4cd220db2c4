import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LeadCall } from "../../../domain/staff-console-api";
import { whenOf } from "./call-times";
import { SESSION, answerApi, leadDetailOf, renderInRoute } from "./console-test-support";
import { formatDateTime } from "./console-ui";
import { LeadPage, changeLead, loadLead, type LeadPageData } from "./lead-page";

afterEach(() => {
  vi.unstubAllGlobals();
});

const LEAD = "4b7e3f2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
const CALL = "9c7e3f2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
const DAY = 86_400_000;
const soon = new Date(Math.ceil((Date.now() + 2 * DAY) / 900_000) * 900_000).toISOString();
const first = new Date(Date.parse(soon) - 3_600_000).toISOString();
const later = new Date(Date.parse(soon) + DAY).toISOString();

const booked = (start = soon): LeadCall => ({
  id: CALL,
  start,
  end: new Date(Date.parse(start) + 900_000).toISOString(),
  status: "booked",
  with: "Sam",
  calendarProblem: null,
  history: [
    { at: "2026-11-20T10:00:00.000Z", kind: "booked", actor: "lead", start: first, with: "Sam" },
    { at: "2026-11-20T11:00:00.000Z", kind: "moved", actor: "staff:sam@staffing.example", start, with: "Sam" },
  ],
});
const calledOff: LeadCall = {
  ...booked(first),
  id: "8c7e3f2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b",
  status: "cancelled",
  history: [
    { at: "2026-11-19T10:00:00.000Z", kind: "booked", actor: "lead", start: first, with: "Ana" },
    { at: "2026-11-19T12:00:00.000Z", kind: "cancelled", actor: "system:do-not-contact", start: first, with: "Ana" },
  ],
};
const detail = (calls: LeadCall[]) => leadDetailOf({ lead: { id: LEAD, pipelineStatus: "qualified" }, calls });
const REWARDS = { status: 200, body: { enabled: false, recipientEmail: "dana@sunrise.example", rewards: [] } };
const NO_APPROVALS = { status: 200, body: { approvals: [] } };
const TIMES = {
  status: 200,
  body: {
    timeZone: "America/New_York",
    callMinutes: 15,
    slots: [soon, later].map((start) => ({ start, end: start })),
    booking: { id: CALL, start: soon },
  },
};

const renderLead = () =>
  renderInRoute((data) => <LeadPage data={data as LeadPageData} />, {
    path: "/staff/leads/:leadId",
    url: `/staff/leads/${LEAD}`,
    loader: ({ params }) => loadLead(params.leadId!),
    action: ({ request, params }) => changeLead(params.leadId!, request),
  });

describe("the lead's calls on its page (decision 0036)", () => {
  it("offers held and missed once the call has started, and no call action when the person asked not to be contacted", async () => {
    const started = new Date(Math.floor(Date.now() / 900_000) * 900_000 - 900_000).toISOString();
    answerApi(SESSION, { status: 200, body: detail([booked(started)]) }, REWARDS, NO_APPROVALS);
    renderLead();
    const calls = await screen.findByRole("table", { name: "The lead's calls" }, { timeout: 5000 });
    expect(
      within(calls)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Mark the call with Dana Reyes held", "Mark the call with Dana Reyes missed"]);
  });

  it("says when a call is not in the staff member's calendar yet, and only then", async () => {
    const failed = { ...booked(), calendarProblem: "The calendar did not take it." };
    answerApi(SESSION, { status: 200, body: detail([failed, calledOff]) }, REWARDS, NO_APPROVALS);
    renderLead();
    const calls = await screen.findByRole("table", { name: "The lead's calls" }, { timeout: 5000 });
    const [written, notWritten] = [within(calls).getAllByRole("row")[2]!, within(calls).getAllByRole("row")[1]!];
    expect(notWritten).toHaveTextContent(
      "Not in Sam's calendar yet: the calendar did not take it. Retried every minute.",
    );
    expect(written).not.toHaveTextContent(/calendar yet/);
  });

  it("shows no call action, and no 'qualified after a call', for a person who asked not to be contacted", async () => {
    const optedOut = { ...detail([booked()]), doNotContact: { at: "2026-11-21T10:00:00.000Z", via: "link" } };
    answerApi(SESSION, { status: 200, body: optedOut }, REWARDS, NO_APPROVALS);
    renderLead();
    const calls = await screen.findByRole("table", { name: "The lead's calls" }, { timeout: 5000 });
    expect(within(calls).queryAllByRole("button")).toEqual([]);
    const next = screen.getByRole("region", { name: "Next step" });
    expect(within(next).queryByRole("button", { name: /qualified after a call/ })).not.toBeInTheDocument();
  });

  it("names the zone of every time, the timeline says what happened and who did it, and staff move the call to a time offered", async () => {
    const api = answerApi(
      SESSION,
      { status: 200, body: detail([booked(), calledOff]) },
      REWARDS,
      NO_APPROVALS,
      TIMES,
      { status: 200, body: { booking: { id: CALL, start: later, end: later, with: "Ana" } } },
      { status: 200, body: detail([booked(later)]) },
      REWARDS,
      NO_APPROVALS,
    );
    const user = userEvent.setup();
    const { container } = renderLead();
    const calls = await screen.findByRole("table", { name: "The lead's calls" });
    expect(within(calls).getAllByRole("rowheader")[0]).toHaveTextContent(formatDateTime(soon));
    // A call no longer booked has nothing to mark; one still ahead is only moved (held or
    // missed once it has started).
    expect(
      within(calls)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Move the call with Dana Reyes"]);
    expect(formatDateTime(soon)).toMatch(/\d{4}, \d{1,2}:\d\d [AP]M (?:[A-Z]{2,5}|GMT[+-][\d:]+|UTC)$/);
    const timeline = screen.getByRole("region", { name: "Timeline" });
    expect(timeline).toHaveTextContent(`Call booked for ${formatDateTime(first)} with Sam`);
    expect(timeline).toHaveTextContent(`Call moved to ${formatDateTime(soon)} with Sam`);
    expect(timeline).toHaveTextContent("the lead");
    expect(timeline).toHaveTextContent("sam@staffing.example");
    expect(timeline).toHaveTextContent(
      `Call on ${formatDateTime(first)} with Ana cancelled${formatDateTime("2026-11-19T12:00:00.000Z")} · called off: the lead asked not to be contacted`,
    );

    await user.click(screen.getByRole("button", { name: "Move the call with Dana Reyes" }));
    const time = await screen.findByRole("combobox", { name: "New time (Eastern Standard Time)" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const results = await axe.run(container, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"] },
      rules: { "color-contrast": { enabled: false } },
    });
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await user.selectOptions(time, later);
    await user.click(screen.getByRole("button", { name: "Move the call" }));
    expect(
      await screen.findByText(
        `Moved to ${whenOf(later, "America/New_York")} with Ana`,
        { exact: false },
        { timeout: 5000 },
      ),
    ).toHaveAttribute("role", "status");
    const move = api.find((call) => call.method === "POST")!;
    expect(move.url).toBe(`/api/staff/calls/${CALL}/move`);
    expect(move.body).toEqual({ start: later });
  });

  it("after a missed call (decision 0045): new times e-mailed to the lead, said once sent, and a time booked for them", async () => {
    const past = new Date(Math.floor(Date.now() / 900_000) * 900_000 - DAY).toISOString();
    const missed: LeadCall = { ...booked(past), status: "missed" };
    const earlierOff: LeadCall = { ...calledOff, start: new Date(Date.parse(past) - DAY).toISOString() };
    const api = answerApi(
      SESSION,
      { status: 200, body: detail([missed, earlierOff]) },
      REWARDS,
      NO_APPROVALS,
      { status: 201, body: { offeredAt: "2026-11-28T15:00:00.000Z", again: false } },
      { status: 200, body: detail([missed, earlierOff]) },
      REWARDS,
      NO_APPROVALS,
      TIMES,
      {
        status: 201,
        body: { booking: { id: "7c7e3f2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b", start: later, end: later, with: "Sam" } },
      },
      { status: 200, body: detail([booked(later), missed, earlierOff]) },
      REWARDS,
      NO_APPROVALS,
    );
    const user = userEvent.setup();
    renderLead();
    const calls = await screen.findByRole("table", { name: "The lead's calls" }, { timeout: 5000 });
    // Only on the missed call, the lead's latest: the cancelled one has none.
    expect(
      within(calls)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Offer Dana Reyes new times by e-mail", "Book a call for Dana Reyes"]);

    await user.click(screen.getByRole("button", { name: "Offer Dana Reyes new times by e-mail" }));
    const said = await screen.findByText(/New times were e-mailed to the lead at/, undefined, { timeout: 5000 });
    expect(said).toHaveTextContent(formatDateTime("2026-11-28T15:00:00.000Z"));
    expect(said).toHaveAttribute("role", "status");
    const offer = api.find((call) => call.method === "POST")!;
    expect(offer.url).toBe(`/api/staff/leads/${LEAD}/offer-times`);
    expect(offer.body).toEqual({});

    await user.click(screen.getByRole("button", { name: "Book a call for Dana Reyes" }));
    const time = await screen.findByRole("combobox", { name: "Time of the call (Eastern Standard Time)" });
    await user.selectOptions(time, later);
    await user.click(screen.getByRole("button", { name: "Book the call" }));
    expect(
      await screen.findByText(
        `Booked for ${whenOf(later, "America/New_York")} with Sam`,
        { exact: false },
        { timeout: 5000 },
      ),
    ).toHaveAttribute("role", "status");
    const bookings = api.filter((call) => call.method === "POST");
    expect(bookings[1]!.url).toBe(`/api/staff/leads/${LEAD}/book`);
    expect(bookings[1]!.body).toEqual({ start: later });
    expect(api.some((call) => call.url === `/api/staff/leads/${LEAD}/times`)).toBe(true);
  });

  it("shows no next step after a missed call for a person who asked not to be contacted (decision 0045)", async () => {
    const past = new Date(Math.floor(Date.now() / 900_000) * 900_000 - DAY).toISOString();
    const optedOut = {
      ...detail([{ ...booked(past), status: "missed" }]),
      doNotContact: { at: "2026-11-21T10:00:00.000Z", via: "link" },
    };
    answerApi(SESSION, { status: 200, body: optedOut }, REWARDS, NO_APPROVALS);
    renderLead();
    const calls = await screen.findByRole("table", { name: "The lead's calls" }, { timeout: 5000 });
    expect(within(calls).queryAllByRole("button")).toEqual([]);
  });

  it("a call's time names its zone at that instant, on each side of the daylight-saving change", () => {
    // New York falls back on Sunday 1 November 2026 and springs forward on Sunday 14 March 2027.
    expect(whenOf("2026-10-30T13:00:00.000Z", "America/New_York")).toBe("Fri, Oct 30, 9:00 AM EDT");
    expect(whenOf("2026-11-02T14:00:00.000Z", "America/New_York")).toBe("Mon, Nov 2, 9:00 AM EST");
    expect(whenOf("2027-03-12T14:00:00.000Z", "America/New_York")).toBe("Fri, Mar 12, 9:00 AM EST");
    expect(whenOf("2027-03-15T13:00:00.000Z", "America/New_York")).toBe("Mon, Mar 15, 9:00 AM EDT");
    expect(whenOf("2026-11-02T14:00:00.000Z", "Pacific/Honolulu")).toBe("Mon, Nov 2, 4:00 AM HST");
  });
});
