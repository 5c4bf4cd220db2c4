import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { answerApi, modelDialogs, renderInRoute } from "./console-test-support";
import { changeLead } from "./lead-page";
import { setCsrfToken } from "./staff-api";
import { StepForm } from "./step-form";

const LEAD = "4b7e3f2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b";

beforeAll(modelDialogs);
afterEach(() => vi.unstubAllGlobals());

/** The form on the lead's route: it sends through the route's action; `reloads` counts the loader's runs after the first (the router's revalidation). */
async function renderForm(status: "new" | "bonus_sent" | "rejected" = "new") {
  const loader = vi.fn(() => null);
  renderInRoute(() => <StepForm leadName="Dana Reyes" status={status} />, {
    path: "/staff/leads/:leadId",
    url: `/staff/leads/${LEAD}`,
    loader,
    action: ({ request, params }) => changeLead(params.leadId!, request),
  });
  await screen.findAllByRole("button");
  return { user: userEvent.setup(), reloads: () => loader.mock.calls.length - 1 };
}

describe("StepForm", () => {
  it("offers the steps the lead's status allows, none once it is at the end", async () => {
    await renderForm();
    expect(screen.getAllByRole("button").map((button) => button.textContent)).toEqual([
      "Mark as qualified after a call",
      "Verify role",
      "Reject lead",
    ]);
  });

  it("says what a step is missing in a focused error summary, with the domain's words, and sends nothing", async () => {
    const calls = answerApi();
    const { user } = await renderForm();
    await user.click(screen.getByRole("button", { name: "Verify role" }));
    await user.click(screen.getByRole("button", { name: "Review" }));
    const summary = screen.getByRole("alert", { name: "There is a problem" });
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole("link", { name: "Choose how the role was verified." })).toBeInTheDocument();
    expect(
      within(summary).getByRole("link", { name: "Say how the role was verified in the note." }),
    ).toBeInTheDocument();
    await user.click(within(summary).getByRole("link", { name: "Choose how the role was verified." }));
    expect(screen.getByRole("combobox", { name: /How was the role verified/ })).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it("confirms the step, posts only its fields with the CSRF token, and says it is saved", async () => {
    setCsrfToken("csrf-1");
    const calls = answerApi({ status: 201, body: { transition: {} } });
    const { user, reloads } = await renderForm();
    await user.click(screen.getByRole("button", { name: "Verify role" }));
    await user.selectOptions(
      screen.getByRole("combobox", { name: /How was the role verified/ }),
      "Phone call to the facility",
    );
    await user.type(screen.getByRole("textbox", { name: /Note/ }), "Front desk confirmed");
    await user.click(screen.getByRole("button", { name: "Review" }));
    const dialog = screen.getByRole("dialog", { name: "Confirm this step" });
    expect(dialog).toHaveTextContent("Mark Dana Reyes as “Role verified”?");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(calls).toEqual([
      expect.objectContaining({
        url: `/api/staff/leads/${LEAD}/steps`,
        method: "POST",
        headers: expect.objectContaining({ "x-csrf-token": "csrf-1" }),
        body: { to: "role_verified", method: "phone_call_to_facility", note: "Front desk confirmed" },
      }),
    ]);
    expect(await screen.findByRole("status")).toHaveTextContent("Saved. The step is in the timeline.");
    expect(reloads()).toBe(1);
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
  });

  it("shows the server's words when it refuses the step, and keeps what was typed", async () => {
    answerApi({ status: 409, body: { error: "The gift card can only be sent after the role is verified." } });
    const { user, reloads } = await renderForm();
    await user.click(screen.getByRole("button", { name: "Reject lead" }));
    await user.selectOptions(screen.getByRole("combobox", { name: /Reason/ }), "No response");
    await user.click(screen.getByRole("button", { name: "Review" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("The gift card can only be sent after the role is verified.")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: /Reason/ })).toHaveValue("no_response");
    // The router reads the lead again after a refused step too: the refusal may be on its record.
    await vi.waitFor(() => expect(reloads()).toBe(1));
  });

  it("says the lead has reached the end of the pipeline when no step is left", async () => {
    renderInRoute(() => <StepForm leadName="Dana Reyes" status="bonus_sent" />, {
      path: "/staff/leads/:leadId",
      url: `/staff/leads/${LEAD}`,
    });
    await screen.findByText("This lead has reached the end of the pipeline.");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(screen.getByText("This lead has reached the end of the pipeline.")).toBeInTheDocument();
  });
});
