import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION, answerApi, renderInRoute } from "./console-test-support";
import { OwnSecurityView, changeOwnSecurity, loadOwnSecurity, type OwnSecurityData } from "./own-security-view";

afterEach(() => {
  vi.unstubAllGlobals();
});

const AVAILABILITY = {
  shownName: "Sam",
  timeZone: "America/Chicago",
  takesCalls: true,
  weekly: [{ day: 1, from: "09:00", to: "17:00" }],
  caldav: { url: "https://cal.example/sam/calendar/", username: "sam" },
  problem: "Your calendar could not be read, so none of your times are offered until it can be.",
};

describe("one's availability on the Security view (decision 0036)", () => {
  it("shows why no time is offered, and saves the hours and the calendar with a PUT, keeping the saved password", async () => {
    const saved = {
      ...AVAILABILITY,
      problem: null,
      weekly: [
        { day: 1, from: "09:00", to: "17:00" },
        { day: 2, from: "09:00", to: "17:00" },
      ],
    };
    const calls = answerApi(
      SESSION,
      { status: 200, body: { on: false, mailConfigured: true } },
      { status: 200, body: AVAILABILITY },
      { status: 200, body: saved },
      // The router reads the view again after the change.
      { status: 200, body: { on: false, mailConfigured: true } },
      { status: 200, body: saved },
    );
    const user = userEvent.setup();
    renderInRoute((data) => <OwnSecurityView data={data as OwnSecurityData} />, {
      path: "/staff/security",
      loader: () => loadOwnSecurity(),
      action: ({ request }) => changeOwnSecurity(request),
    });
    // The view's first read is slow on a loaded machine (the whole security view renders).
    expect(await screen.findByText(AVAILABILITY.problem, {}, { timeout: 5000 })).toBeInTheDocument();
    // The zone is chosen from a list, and each day's times are labelled.
    expect(screen.getByRole("combobox", { name: "Your time zone" })).toHaveValue("America/Chicago");
    expect(screen.getByLabelText("Monday from")).toHaveValue("09:00");
    expect(screen.getByLabelText("Monday to")).toHaveValue("17:00");
    expect(screen.getByRole("checkbox", { name: "Calls on Monday" })).toBeChecked();
    await user.click(screen.getByRole("checkbox", { name: "Calls on Tuesday" }));
    await user.click(screen.getByRole("button", { name: "Save availability" }));
    // Saved, then the view read again (session, alerts, availability): as slow as the first read.
    expect(await screen.findByText("Your availability is saved.", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls[3]).toMatchObject({
      method: "PUT",
      url: "/api/staff/availability",
      body: {
        shownName: "Sam",
        timeZone: "America/Chicago",
        takesCalls: true,
        weekly: [
          { day: 1, from: "09:00", to: "17:00" },
          { day: 2, from: "09:00", to: "17:00" },
        ],
        caldav: { url: "https://cal.example/sam/calendar/", username: "sam" },
      },
    });
    expect(screen.queryByText(AVAILABILITY.problem)).not.toBeInTheDocument();
  });
});
