import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION, answerApi, renderInRoute } from "./console-test-support";
import { OwnSecurityView, changeOwnSecurity, loadOwnSecurity, type OwnSecurityData } from "./own-security-view";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderSecurity() {
  return renderInRoute((data) => <OwnSecurityView data={data as OwnSecurityData} />, {
    path: "/staff/security",
    loader: () => loadOwnSecurity(),
    action: ({ request }) => changeOwnSecurity(request),
  });
}

const alerts = (on: boolean, mailConfigured = true) => ({ status: 200, body: { on, mailConfigured } });
/** The account's availability (decision 0036), read beside the alerts: refused here, so its form is left out. */
const NO_AVAILABILITY = { status: 404, body: { error: "Not found." } };
const checkbox = () => screen.findByRole("checkbox", { name: "E-mail me when a lead qualifies" });

describe("one's own e-mail alerts on the Security view", () => {
  it("shows the account's alerts as read, turns them on with a PUT of the schema's body, and says so", async () => {
    const calls = answerApi(SESSION, alerts(false), NO_AVAILABILITY, alerts(true), alerts(true));
    const user = userEvent.setup();
    renderSecurity();
    expect(await checkbox()).not.toBeChecked();
    expect(screen.queryByText(/SMTP_URL is not set/)).not.toBeInTheDocument();
    await user.click(await checkbox());
    await user.click(screen.getByRole("button", { name: "Save alerts" }));
    expect(await screen.findByText("Saved: you will be e-mailed when a lead qualifies.")).toBeInTheDocument();
    expect(calls[3]).toMatchObject({
      method: "PUT",
      url: "/api/staff/mail-alerts",
      headers: expect.objectContaining({ "x-csrf-token": "csrf-token" }),
      body: { on: true },
    });
    expect(await checkbox()).toBeChecked();
    // Editable again after a save: turning them off is one click and one save away.
    await vi.waitFor(() => expect(screen.getByRole("checkbox")).toBeEnabled());
  });

  it("shows the server's words when it refuses, and keeps the choice", async () => {
    answerApi(
      SESSION,
      alerts(true),
      NO_AVAILABILITY,
      { status: 400, body: { error: "Choose on or off." } },
      alerts(true),
    );
    const user = userEvent.setup();
    renderSecurity();
    await user.click(await checkbox());
    await user.click(screen.getByRole("button", { name: "Save alerts" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Choose on or off.");
    expect(await checkbox()).not.toBeChecked();
  });

  it("says the choice is kept when the server sends no e-mail", async () => {
    answerApi(SESSION, alerts(false, false));
    renderSecurity();
    await checkbox();
    expect(screen.getByText(/This server sends no e-mail yet \(SMTP_URL is not set\)/)).toBeInTheDocument();
  });

  it("leaves the switch out when the alerts cannot be read", async () => {
    answerApi(SESSION, { status: 500, body: { error: "Down" } });
    renderSecurity();
    expect(await screen.findByRole("heading", { name: "Change your password" })).toBeInTheDocument();
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
  });
});
