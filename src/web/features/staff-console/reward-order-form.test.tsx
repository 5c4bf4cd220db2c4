import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { answerApi, modelDialogs, renderInRoute } from "./console-test-support";
import { changeLead } from "./lead-page";
import { LeadRewards, type Reward } from "./lead-rewards";
import { StepForm } from "./step-form";

const LEAD = "4b7e3f2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
const HELD = { status: 202, body: { approval: { id: "approval-1", status: "pending" }, message: "held" } };

beforeAll(modelDialogs);
afterEach(() => vi.unstubAllGlobals());

function renderOnLead(view: () => React.ReactNode) {
  const loader = vi.fn(() => null);
  renderInRoute(view, {
    path: "/staff/leads/:leadId",
    url: `/staff/leads/${LEAD}`,
    loader,
    action: ({ request, params }) => changeLead(params.leadId!, request),
  });
  return { user: userEvent.setup(), reloads: () => loader.mock.calls.length - 1 };
}

async function orderCard(user: ReturnType<typeof userEvent.setup>, recipient: string) {
  await user.click(await screen.findByRole("button", { name: "Send the $50 card" }));
  const email = screen.getByRole("textbox", { name: /Recipient's e-mail/ });
  await user.clear(email);
  await user.type(email, recipient);
  await user.click(screen.getByRole("button", { name: "Review the order" }));
  await user.click(
    within(screen.getByRole("dialog", { name: "Confirm the order" })).getByRole("button", { name: "Order it" }),
  );
}

describe("the order and re-send forms when a second admin must approve (202)", () => {
  it("says the card waits for a second admin's approval, with a link to Approvals, and never that it is ordered", async () => {
    const calls = answerApi(HELD);
    const { user, reloads } = renderOnLead(() => (
      <StepForm leadName="Dana Reyes" status="role_verified" rewardOrder={{ defaultEmail: "dana@sunrise.example" }} />
    ));
    await orderCard(user, "friend@elsewhere.example");
    await vi.waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent(
        "Waiting for a second admin's approval. Nothing is ordered until an admin approves it.",
      ),
    );
    const status = screen.getByRole("status");
    expect(within(status).getByRole("link", { name: "See it under Approvals" })).toHaveAttribute(
      "href",
      "/staff/approvals",
    );
    expect(screen.queryByText(/^Ordered\./)).not.toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        url: `/api/staff/leads/${LEAD}/steps`,
        body: { to: "gift_card_sent", recipientEmail: "friend@elsewhere.example" },
      }),
    ]);
    await vi.waitFor(() => expect(reloads()).toBe(1));
    expect(screen.queryByRole("form", { name: "Send the $50 card" })).not.toBeInTheDocument();
  });

  it("says an order accepted at once (201) is ordered, without the waiting words", async () => {
    answerApi({ status: 201, body: { reward: { id: "reward-1" } } });
    const { user } = renderOnLead(() => (
      <StepForm leadName="Dana Reyes" status="role_verified" rewardOrder={{ defaultEmail: "dana@sunrise.example" }} />
    ));
    await orderCard(user, "dana@sunrise.example");
    await vi.waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("Ordered. The order is in the timeline and under Rewards."),
    );
    expect(screen.queryByText(/Waiting for a second admin/)).not.toBeInTheDocument();
  });

  it("says a re-send to a new address waits for a second admin's approval", async () => {
    const failed: Reward = {
      id: "reward-1",
      step: "gift_card_sent",
      amountUsd: 50,
      status: "failed",
      provider: "tremendous",
      providerOrderId: "ORDER1",
      providerRewardId: "REWARD1",
      recipientEmail: "dana@sunrise.example",
      note: "",
      lastError: "Bounced",
      fraudReview: null,
      orderedBy: "staff:worker@provider.example",
      requestedAt: "2026-11-20T10:00:00.000Z",
      updatedAt: "2026-11-20T10:00:00.000Z",
      history: [],
    };
    const calls = answerApi(HELD);
    const { user } = renderOnLead(() => <LeadRewards rewards={[failed]} />);
    const email = await screen.findByRole("textbox", { name: /Corrected e-mail/ });
    await user.clear(email);
    await user.type(email, "dana.new@elsewhere.example");
    await user.click(screen.getByRole("button", { name: "Send again" }));
    expect(await screen.findByText(/Waiting for a second admin's approval\./)).toBeInTheDocument();
    expect(screen.queryByText(/^Sent again\./)).not.toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      url: `/api/staff/leads/${LEAD}/rewards/reward-1/resend`,
      body: { email: "dana.new@elsewhere.example" },
    });
  });
});
