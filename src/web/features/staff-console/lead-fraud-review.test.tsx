import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PipelineStatus } from "../../../domain/incentive-pipeline";
import type { LeadDetail } from "../../../domain/staff-console-api";
import { SESSION, answerApi, leadDetailOf, renderInRoute } from "./console-test-support";
import { LeadPage, changeLead, loadLead, type LeadPageData } from "./lead-page";

afterEach(() => {
  vi.unstubAllGlobals();
});

const LEAD = "4b7e3f2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
const REWARD = "9c7e3f2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b";

const detail = (status: PipelineStatus): LeadDetail =>
  leadDetailOf({ lead: { id: LEAD, location: "Georgia", pipelineStatus: status, email: "dana@gmail.com" } });

const rewards = (fraudStatus: string | null) => ({
  status: 200,
  body: {
    enabled: true,
    recipientEmail: "dana@gmail.com",
    rewards: [
      {
        id: REWARD,
        step: "gift_card_sent",
        amountUsd: 50,
        status: "ordered",
        providerOrderId: "ORDER1",
        providerRewardId: "REWARD1",
        recipientEmail: "dana@gmail.com",
        lastError: null,
        orderedBy: "staff:worker@provider.example",
        requestedAt: "2026-11-25T11:00:00.000Z",
        fraudReview: fraudStatus && {
          status: fraudStatus,
          reasons: ["VPN detected", "Over reward count limit"],
          flaggedAt: "2026-11-25T11:05:00.000Z",
          reviewedBy: fraudStatus === "flagged" ? null : "staff:worker@provider.example",
          reviewedAt: fraudStatus === "flagged" ? null : "2026-11-25T12:00:00.000Z",
        },
        history: [],
      },
    ],
  },
});

function renderLead() {
  return renderInRoute((data) => <LeadPage data={data as LeadPageData} />, {
    path: "/staff/leads/:leadId",
    url: `/staff/leads/${LEAD}`,
    loader: ({ params }) => loadLead(params.leadId!),
    action: ({ request, params }) => changeLead(params.leadId!, request),
  });
}

async function expectNoAxeViolations(container: HTMLElement) {
  const results = await axe.run(container, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"] },
    rules: { "color-contrast": { enabled: false } },
  });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The lead page also reads the lead's approvals (decision 0028): none here. */
const NO_APPROVALS = { status: 200, body: { approvals: [] } };

describe("a reward the provider flagged", () => {
  it("shows why, and releases it in place through the route's action", async () => {
    const calls = answerApi(
      SESSION,
      { status: 200, body: detail("gift_card_sent") },
      rewards("flagged"),
      NO_APPROVALS,
      { status: 200, body: { reward: { id: REWARD } } },
      { status: 200, body: detail("gift_card_sent") },
      rewards("released"),
      NO_APPROVALS,
    );
    const user = userEvent.setup();
    const { container } = renderLead();
    const review = await screen.findByRole("region", { name: "Held by the rewards provider for a fraud review" });
    expect(within(review).getByText("VPN detected")).toBeInTheDocument();
    expect(within(review).getByText("Waiting for your decision")).toBeInTheDocument();
    await expectNoAxeViolations(container);
    await user.type(within(review).getByLabelText(/What you found/), "Called the facility");
    await user.click(within(review).getByRole("button", { name: "Release the card" }));
    expect(await screen.findByText("Released to the recipient")).toBeInTheDocument();
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.url).toBe(`/api/staff/leads/${LEAD}/rewards/${REWARD}/fraud-review`);
    expect(post.body).toEqual({ decision: "release", note: "Called the facility" });
    expect(screen.queryByRole("button", { name: "Block the card" })).not.toBeInTheDocument();
  });

  it("shows the provider's refusal in words and keeps the buttons", async () => {
    answerApi(
      SESSION,
      { status: 200, body: detail("gift_card_sent") },
      rewards("flagged"),
      NO_APPROVALS,
      {
        status: 502,
        body: { error: "The rewards provider did not take the decision: it failed. Nothing was changed." },
      },
      { status: 200, body: detail("gift_card_sent") },
      rewards("flagged"),
      NO_APPROVALS,
    );
    const user = userEvent.setup();
    renderLead();
    await user.click(await screen.findByRole("button", { name: "Block the card" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Nothing was changed.");
    expect(screen.getByRole("button", { name: "Block the card" })).toBeEnabled();
  });
});
