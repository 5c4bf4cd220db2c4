import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LeadDetail } from "../../../domain/staff-console-api";
import { SESSION, answerApi, leadDetailOf, renderInRoute } from "./console-test-support";
import { LeadPage, changeLead, loadLead, type LeadPageData } from "./lead-page";

afterEach(() => {
  vi.unstubAllGlobals();
});

const LEAD = "4b7e3f2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
const detail = (deliveryStatus: string): LeadDetail =>
  leadDetailOf({
    lead: { id: LEAD },
    deliveries: [
      {
        id: "delivery-1",
        destination: "https://hooks.example/lead",
        status: deliveryStatus,
        attempts: 3,
        lastError: "timeout",
        createdAt: "2026-11-20T10:00:00.000Z",
        attemptLog: [],
      },
    ],
  });
const REWARDS = { status: 200, body: { enabled: false, recipientEmail: "dana@sunrise.example", rewards: [] } };
const NO_APPROVALS = { status: 200, body: { approvals: [] } };

function renderLead(url: string) {
  return renderInRoute((data) => <LeadPage data={data as LeadPageData} />, {
    path: "/staff/leads/:leadId",
    url,
    loader: ({ params }) => loadLead(params.leadId!),
    action: ({ request, params }) => changeLead(params.leadId!, request),
  });
}

describe("LeadPage", () => {
  it("goes back to the list it was opened from (the Due view, its filters), else to the lead list", async () => {
    answerApi(SESSION, { status: 200, body: detail("delivered") }, REWARDS, NO_APPROVALS);
    renderLead(`/staff/leads/${LEAD}?from=${encodeURIComponent("/staff/due?due=&q=dana")}`);
    expect(await screen.findByRole("heading", { name: "Dana Reyes", level: 1 })).toHaveFocus();
    expect(screen.getByRole("link", { name: "Back to leads" })).toHaveAttribute("href", "/staff/due?due=&q=dana");
  });

  it("never sends Back to leads outside the console", async () => {
    answerApi(SESSION, { status: 200, body: detail("delivered") }, REWARDS, NO_APPROVALS);
    renderLead(`/staff/leads/${LEAD}?from=${encodeURIComponent("https://elsewhere.example/staff")}`);
    expect(await screen.findByRole("link", { name: "Back to leads" })).toHaveAttribute("href", "/staff");
  });

  it("retries a failed delivery in place through the route's action, says so and reads the lead again", async () => {
    const calls = answerApi(
      SESSION,
      { status: 200, body: detail("failed") },
      REWARDS,
      NO_APPROVALS,
      { status: 200, body: { ok: true } },
      { status: 200, body: detail("pending") },
      REWARDS,
      NO_APPROVALS,
    );
    const user = userEvent.setup();
    renderLead(`/staff/leads/${LEAD}`);
    await user.click(await screen.findByRole("button", { name: "Retry" }));
    expect(await screen.findByText("The delivery will be tried again now.")).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "GET /api/staff/session",
      `GET /api/staff/leads/${LEAD}`,
      `GET /api/staff/leads/${LEAD}/rewards`,
      `GET /api/staff/approvals?leadId=${LEAD}&status=all`,
      `POST /api/staff/leads/${LEAD}/deliveries/delivery-1/retry`,
      "GET /api/staff/session",
      `GET /api/staff/leads/${LEAD}`,
      `GET /api/staff/leads/${LEAD}/rewards`,
      `GET /api/staff/approvals?leadId=${LEAD}&status=all`,
    ]);
    await vi.waitFor(() => expect(screen.queryByRole("button", { name: "Retry" })).not.toBeInTheDocument());
  });

  it("shows the server's words when the retry is refused", async () => {
    answerApi(
      SESSION,
      { status: 200, body: detail("failed") },
      REWARDS,
      NO_APPROVALS,
      { status: 409, body: { error: "This delivery has not failed." } },
      { status: 200, body: detail("failed") },
      REWARDS,
      NO_APPROVALS,
    );
    const user = userEvent.setup();
    renderLead(`/staff/leads/${LEAD}`);
    await user.click(await screen.findByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This delivery has not failed.");
  });

  it("shows a reward of the lead waiting for a second admin, in words, with the way to Approvals", async () => {
    const calls = answerApi(
      SESSION,
      { status: 200, body: detail("delivered") },
      { status: 200, body: { enabled: true, recipientEmail: "dana@sunrise.example", rewards: [] } },
      {
        status: 200,
        body: {
          approvals: [
            {
              id: "approval-1",
              leadId: LEAD,
              step: "gift_card_sent",
              action: "order",
              reason: "other_recipient",
              amountUsd: 50,
              recipientEmail: "friend@elsewhere.example",
              previousRecipientEmail: "dana@sunrise.example",
              note: "",
              status: "pending",
              requestedBy: "staff:worker@provider.example",
              requestedAt: "2026-11-20T10:00:00.000Z",
              decidedBy: null,
              decidedAt: null,
              decisionNote: null,
            },
          ],
        },
      },
    );
    renderLead(`/staff/leads/${LEAD}`);
    const rewards = await screen.findByRole("region", { name: "Rewards" });
    expect(rewards).toHaveTextContent(
      "Waiting for a second admin's approval: the $50 Visa gift card to friend@elsewhere.example, asked by worker@provider.example.",
    );
    expect(screen.getByRole("link", { name: "See it under Approvals" })).toHaveAttribute("href", "/staff/approvals");
    expect(calls.at(-1)?.url).toBe(`/api/staff/approvals?leadId=${LEAD}&status=all`);
  });

  it("an approval declined with a note: the note and who declined it under Rewards and in the timeline, and Send offered again", async () => {
    const declined = {
      id: "approval-2",
      leadId: LEAD,
      step: "gift_card_sent",
      action: "order",
      reason: "other_recipient",
      recipientOrigin: "chat_gift_card",
      amountUsd: 50,
      recipientEmail: "dana.reyes@gmail.com",
      previousRecipientEmail: "dana@sunrise.example",
      note: "",
      status: "declined",
      requestedBy: "staff:worker@provider.example",
      requestedAt: "2026-11-20T10:00:00.000Z",
      decidedBy: "staff:admin@provider.example",
      decidedAt: "2026-11-20T12:00:00.000Z",
      decisionNote: "Send it to the work address instead",
    };
    answerApi(
      SESSION,
      {
        status: 200,
        body: { ...detail("delivered"), lead: { ...detail("delivered").lead, pipelineStatus: "role_verified" } },
      },
      { status: 200, body: { enabled: true, recipientEmail: "dana@sunrise.example", rewards: [] } },
      { status: 200, body: { approvals: [declined] } },
    );
    renderLead(`/staff/leads/${LEAD}`);
    const rewards = await screen.findByRole("region", { name: "Rewards" }, { timeout: 5000 });
    expect(rewards).toHaveTextContent(
      /Declined by admin@provider\.example on .+: the \$50 Visa gift card to dana\.reyes@gmail\.com/,
    );
    expect(rewards).toHaveTextContent("Their note: “Send it to the work address instead”");
    expect(rewards).not.toHaveTextContent("No reward ordered yet");
    const timeline = screen.getByRole("region", { name: "Timeline" });
    expect(timeline).toHaveTextContent("Declined: the $50 Visa gift card to dana.reyes@gmail.com");
    expect(timeline).toHaveTextContent("Send it to the work address instead");
    expect(timeline).not.toHaveTextContent("Nothing has been done to this lead yet.");
    // Declined: the card may be asked for again (to the work address).
    expect(screen.getByRole("button", { name: "Send the $50 card" })).toBeInTheDocument();
  });

  it("offers no second Send while an approval waits", async () => {
    const pending = {
      id: "approval-3",
      leadId: LEAD,
      step: "gift_card_sent",
      action: "order",
      reason: "other_recipient",
      amountUsd: 50,
      recipientEmail: "friend@elsewhere.example",
      previousRecipientEmail: null,
      note: "",
      status: "pending",
      requestedBy: "staff:worker@provider.example",
      requestedAt: "2026-11-20T10:00:00.000Z",
      decidedBy: null,
      decidedAt: null,
      decisionNote: null,
    };
    answerApi(
      SESSION,
      {
        status: 200,
        body: { ...detail("delivered"), lead: { ...detail("delivered").lead, pipelineStatus: "role_verified" } },
      },
      { status: 200, body: { enabled: true, recipientEmail: "dana@sunrise.example", rewards: [] } },
      { status: 200, body: { approvals: [pending] } },
    );
    renderLead(`/staff/leads/${LEAD}`);
    const next = await screen.findByRole("region", { name: "Next step" }, { timeout: 5000 });
    expect(within(next).queryByRole("button", { name: "Send the $50 card" })).not.toBeInTheDocument();
    expect(next).toHaveTextContent("Waiting for a second admin's approval");
  });

  it("names each delivery in words, with its recipient, and its status capitalised", async () => {
    const mail = {
      ...detail("delivered"),
      deliveries: [
        {
          ...detail("delivered").deliveries[0]!,
          destination: "mail:lead_confirmation",
          recipient: "dana@sunrise.example",
        },
      ],
    };
    answerApi(SESSION, { status: 200, body: mail }, REWARDS, NO_APPROVALS);
    renderLead(`/staff/leads/${LEAD}`);
    const deliveries = await screen.findByRole("region", { name: "Deliveries" }, { timeout: 5000 });
    expect(deliveries).toHaveTextContent("Confirmation to dana@sunrise.example");
    expect(deliveries).toHaveTextContent("Delivered");
    expect(deliveries).not.toHaveTextContent(/mail:|lead_confirmation|delivered/);
  });

  it("says in words when the lead does not exist (the loader's 404)", async () => {
    answerApi(SESSION, { status: 404, body: { error: "No lead with this id." } }, REWARDS, NO_APPROVALS);
    await expect(loadLead(LEAD)).rejects.toMatchObject({ status: 404, message: "This lead was not found." });
  });
});
