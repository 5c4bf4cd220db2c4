import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { answerApi, modelDialogs, renderInRoute } from "./console-test-support";
import { changeLead } from "./lead-page";
import { StepForm } from "./step-form";

const LEAD = "4b7e3f2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b";

beforeAll(modelDialogs);
afterEach(() => vi.unstubAllGlobals());

/** The form on the lead's route: it sends through the route's action; `reloads` counts the loader's runs after the first (the router's revalidation). */
async function renderForm(status: "new" | "role_verified" | "bonus_sent" | "rejected" = "role_verified") {
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
  it("offers the steps the lead's status allows but the role's decision, which it points to", async () => {
    await renderForm("new");
    expect(screen.getAllByRole("button").map((button) => button.textContent)).toEqual([
      "Mark as qualified after a call",
    ]);
    expect(screen.getByRole("link", { name: "the Verification section" })).toBeInTheDocument();
  });

  it("says what a step is missing in a focused error summary, with the domain's words, and sends nothing", async () => {
    const calls = answerApi();
    const { user } = await renderForm();
    await user.click(screen.getByRole("button", { name: "Record $50 gift card sent" }));
    await user.click(screen.getByRole("button", { name: "Review" }));
    const summary = screen.getByRole("alert", { name: "There is a problem" });
    expect(summary).toHaveFocus();
    const link = within(summary).getByRole("link", { name: "Enter the reference of the card that was sent." });
    await user.click(link);
    expect(screen.getByRole("textbox", { name: /Card reference/ })).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it("confirms the step, posts only its fields with the session's CSRF token (from the layout), and says it is saved", async () => {
    const calls = answerApi({ status: 201, body: { transition: {} } });
    const { user, reloads } = await renderForm();
    await user.click(screen.getByRole("button", { name: "Record $50 gift card sent" }));
    await user.type(screen.getByRole("textbox", { name: /Card reference/ }), "VISA-50-0001");
    await user.type(screen.getByRole("textbox", { name: /Note/ }), "Sent by post");
    await user.click(screen.getByRole("button", { name: "Review" }));
    const dialog = screen.getByRole("dialog", { name: "Confirm this step" });
    expect(dialog).toHaveTextContent("Mark Dana Reyes as “Gift card sent ($50)”?");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(calls).toEqual([
      expect.objectContaining({
        url: `/api/staff/leads/${LEAD}/steps`,
        method: "POST",
        headers: expect.objectContaining({ "x-csrf-token": "csrf-token" }),
        body: { to: "gift_card_sent", reference: "VISA-50-0001", note: "Sent by post" },
      }),
    ]);
    await vi.waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Saved. The step is in the timeline."));
    expect(reloads()).toBe(1);
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
  });

  it("shows the server's words when it refuses the step, and keeps what was typed", async () => {
    answerApi({ status: 409, body: { error: "The gift card can only be sent after the role is verified." } });
    const { user, reloads } = await renderForm();
    await user.click(screen.getByRole("button", { name: "Record $50 gift card sent" }));
    await user.type(screen.getByRole("textbox", { name: /Card reference/ }), "VISA-50-0002");
    await user.click(screen.getByRole("button", { name: "Review" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("The gift card can only be sent after the role is verified.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: /Card reference/ })).toHaveValue("VISA-50-0002");
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
