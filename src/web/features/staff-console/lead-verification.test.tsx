import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PipelineStatus } from "../../../domain/incentive-pipeline";
import type { LeadDetail, LeadVerification } from "../../../domain/staff-console-api";
import { SESSION, answerApi, leadDetailOf, renderInRoute } from "./console-test-support";
import { LeadPage, changeLead, loadLead, type LeadPageData } from "./lead-page";

afterEach(() => {
  vi.unstubAllGlobals();
});

const LEAD = "4b7e3f2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b";

const VERIFICATION: LeadVerification = {
  checkedAt: "2026-11-25T10:00:00.000Z",
  decision: "needs_review",
  reasons: ["work e-mail address not confirmed", "website does not show the registry phone", "free-mail address"],
  workAddressConfirmedAt: null,
  qualifiedVia: "chat",
  registry: {
    status: "matched",
    facility: {
      npi: "1487000011",
      ccn: "115501",
      name: "SUNRISE NURSING & REHAB CENTER",
      address: { line: "100 PEACHTREE ST", city: "ATLANTA", state: "GA", zip: "303031234" },
      phone: "4045550100",
      taxonomy: "Skilled Nursing Facility",
      authorizedOfficial: { firstName: "DANA", lastName: "REYES", title: "ADMINISTRATOR", phone: "4045550101" },
      sources: ["nppes", "cms_nursing_home"],
    },
    links: [
      { registry: "nppes", url: "https://npiregistry.cms.hhs.gov/provider-view/1487000011" },
      { registry: "care_compare", url: "https://www.medicare.gov/care-compare/details/nursing-home/115501" },
    ],
    lookups: [
      { registry: "nppes", ok: true, problem: null },
      { registry: "cms_nursing_homes", ok: false, problem: "CMS nursing homes unavailable: timeout" },
    ],
  },
  domainTie: { tied: false, domain: "sunrise-care.example", checks: ["website_phone_not_shown"], pages: [] },
  emailFlags: ["free_mail"],
};

const detail = (status: PipelineStatus, verification: LeadVerification | null): LeadDetail =>
  leadDetailOf({
    lead: { id: LEAD, location: "Georgia", pipelineStatus: status, email: "dana@gmail.com" },
    flags: (verification?.emailFlags ?? []).map((flag) => ({ flag })),
    verification,
  });

/** The lead page also reads the lead's approvals (decision 0028): none here. */
const NO_APPROVALS = { status: 200, body: { approvals: [] } };
const NO_REWARDS = { status: 200, body: { enabled: false, recipientEmail: "dana@gmail.com", rewards: [] } };

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

const section = () => within(screen.getByRole("region", { name: "Verification" }));

describe("the lead's Verification section", () => {
  it("shows what was checked: the decision and its reasons, the registry record with a tel: link and its public pages, the domain tie", async () => {
    answerApi(SESSION, { status: 200, body: detail("qualified", VERIFICATION) }, NO_REWARDS, NO_APPROVALS);
    const { container } = renderLead();
    await screen.findByRole("heading", { name: "Verification", level: 2 });
    const s = section();
    expect(s.getByText("Needs a person")).toBeInTheDocument();
    // The reasons in the order that decides: free-mail first, "not confirmed" last.
    expect(
      within(s.getByText("free-mail address").closest("ul")!)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["free-mail address", "website does not show the registry phone", "work e-mail address not confirmed"]);
    expect(s.getByText("Not confirmed with a code")).toBeInTheDocument();
    expect(s.getByRole("link", { name: "Call (404) 555-0100 (registry phone)" })).toHaveAttribute(
      "href",
      "tel:+14045550100",
    );
    expect(s.getByRole("link", { name: "Call the official at (404) 555-0101" })).toHaveAttribute(
      "href",
      "tel:+14045550101",
    );
    expect(s.getByText(/DANA REYES, ADMINISTRATOR/)).toBeInTheDocument();
    expect(s.getByRole("link", { name: /NPPES NPI Registry: NPI 1487000011/ })).toHaveAttribute(
      "href",
      "https://npiregistry.cms.hhs.gov/provider-view/1487000011",
    );
    expect(s.getByRole("link", { name: /Medicare Care Compare: CCN 115501/ })).toHaveAttribute(
      "href",
      "https://www.medicare.gov/care-compare/details/nursing-home/115501",
    );
    expect(s.getByText("No: the checks below did not tie sunrise-care.example to the facility.")).toBeInTheDocument();
    expect(s.queryByText(/^No: —/)).not.toBeInTheDocument();
    expect(s.queryByText("Pages read to tie it")).not.toBeInTheDocument(); // none were read: no row of "—"
    expect(s.getByText("100 PEACHTREE ST, ATLANTA, GA 30303-1234")).toBeInTheDocument();
    expect(s.getByText("NPPES NPI Registry: answered")).toBeInTheDocument();
    expect(
      s.getByText("CMS nursing homes: did not answer (CMS nursing homes unavailable: timeout)"),
    ).toBeInTheDocument();
    expect(s.queryByText(/nppes:|cms_nursing_homes/)).not.toBeInTheDocument();
    expect(s.getByText("Its website does not show the registry phone")).toBeInTheDocument();
    expect(s.getByText("Free-mail address")).toBeInTheDocument();
    // The flags' box is named after what it holds: a free-mail address is no duplicate.
    expect(screen.getByRole("region", { name: "Before verifying: the e-mail address" })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it("explains the pages read to tie the address, each with what it answered", async () => {
    const pages = [
      { url: "https://sunrise-care.example/", outcome: "HTTP 200" },
      { url: "https://sunrise-care.example/contact", outcome: "timeout: no answer in 5 s" },
    ];
    const tied = { ...VERIFICATION, domainTie: { ...VERIFICATION.domainTie!, tied: true, pages } };
    answerApi(SESSION, { status: 200, body: detail("qualified", tied) }, NO_REWARDS, NO_APPROVALS);
    renderLead();
    await screen.findByRole("heading", { name: "Verification", level: 2 });
    const s = section();
    expect(s.getByText("Yes: the checks below tie sunrise-care.example to the facility.")).toBeInTheDocument();
    expect(s.getByText("Pages read to tie it")).toBeInTheDocument();
    expect(s.getByText("The facility's own pages this check opened, and what each answered.")).toBeInTheDocument();
    expect(s.getByText("https://sunrise-care.example/: read (HTTP 200)")).toBeInTheDocument();
    expect(
      s.getByText("https://sunrise-care.example/contact: could not be read (timeout: no answer in 5 s)"),
    ).toBeInTheDocument();
  });

  it("says when the lead was never checked; once the role is verified (not by a person), only declining is offered", async () => {
    answerApi(SESSION, { status: 200, body: detail("role_verified", null) }, NO_REWARDS, NO_APPROVALS);
    renderLead();
    await screen.findByRole("heading", { name: "Verification", level: 2 });
    expect(section().getByText("This lead was not checked against the public registries yet.")).toBeInTheDocument();
    expect(section().getByRole("heading", { name: "Decline the role", level: 3 })).toBeInTheDocument();
    expect(
      within(section().getByLabelText("Decision"))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Choose…", "Decline"]);
  });

  it("offers no decision once the card is sent", async () => {
    answerApi(SESSION, { status: 200, body: detail("gift_card_sent", null) }, NO_REWARDS, NO_APPROVALS);
    renderLead();
    await screen.findByRole("heading", { name: "Verification", level: 2 });
    expect(section().queryByRole("button", { name: "Record the decision" })).not.toBeInTheDocument();
  });

  it("is the one place to decide the role: the Next step box offers the other steps and points to it", async () => {
    answerApi(SESSION, { status: 200, body: detail("new", VERIFICATION) }, NO_REWARDS, NO_APPROVALS);
    renderLead();
    const next = within(await screen.findByRole("region", { name: "Next step" }));
    expect(next.getAllByRole("button").map((b) => b.textContent)).toEqual(["Mark as qualified after a call"]);
    expect(next.queryByRole("button", { name: /Verify|Reject/ })).not.toBeInTheDocument();
    expect(next.getByRole("link", { name: "the Verification section" })).toHaveAttribute(
      "href",
      "#verification-heading",
    );
    expect(section().getByRole("heading", { name: "Verify or decline the role", level: 3 })).toBeInTheDocument();
  });

  it("refuses an incomplete decision with the error summary, then verifies the role in one step with its note", async () => {
    const calls = answerApi(
      SESSION,
      { status: 200, body: detail("qualified", VERIFICATION) },
      NO_REWARDS,
      NO_APPROVALS,
      { status: 201, body: { transition: { id: "t1" } } },
      { status: 200, body: detail("role_verified", VERIFICATION) },
      NO_REWARDS,
      NO_APPROVALS,
    );
    const user = userEvent.setup();
    renderLead();
    await user.click(await screen.findByRole("button", { name: "Record the decision" }));
    const summary = await screen.findByRole("alert");
    expect(summary).toHaveTextContent("Choose to verify the role or to decline it.");
    expect(calls).toHaveLength(4);

    await user.selectOptions(screen.getByLabelText("Decision"), "role_verified");
    await user.click(screen.getByRole("button", { name: "Record the decision" }));
    expect(await screen.findByRole("link", { name: "Choose how the role was verified." })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("How the role was verified"), "phone_call_to_facility");
    await user.type(screen.getByLabelText(/^What you checked/), "Called (404) 555-0100: she is the DON");
    await user.click(screen.getByRole("button", { name: "Record the decision" }));
    // The decision, then the lead read again: slow on a loaded machine.
    expect(
      await screen.findByText("Recorded. The step is in the timeline.", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const step = calls.find((c) => c.method === "POST")!;
    expect(step.url).toBe(`/api/staff/leads/${LEAD}/steps`);
    expect(step.body).toMatchObject({
      to: "role_verified",
      method: "phone_call_to_facility",
      note: "Called (404) 555-0100: she is the DON",
    });
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("a person's verification replaces the automatic 'needs a person' in the header and the section, and no decline form remains", async () => {
    const verified = {
      ...detail("role_verified", VERIFICATION),
      timeline: [
        {
          id: "t1",
          at: "2026-11-28T15:00:00.000Z",
          actor: "staff:ana@example.com",
          fromStatus: "qualified",
          toStatus: "role_verified",
          details: { method: "phone_call_to_facility" },
          note: "Called the front desk: she is the DON",
        },
      ],
    };
    answerApi(SESSION, { status: 200, body: verified }, NO_REWARDS, NO_APPROVALS);
    renderLead();
    await screen.findByRole("heading", { name: "Verification", level: 2 });
    const sentence = /Verified by ana@example\.com on Nov 28 \(called the facility\)/;
    expect(screen.getByText(/^Role: /)).toHaveTextContent(sentence);
    expect(section().getByText(sentence)).toBeInTheDocument();
    expect(section().getByText("Called the front desk: she is the DON")).toBeInTheDocument();
    expect(section().queryByText("Needs a person to verify the role")).not.toBeInTheDocument();
    expect(section().getByText("What the automatic check found")).toBeInTheDocument();
    expect(section().queryByRole("heading", { name: /Decline the role|Verify or decline/ })).not.toBeInTheDocument();
    expect(section().queryByRole("button", { name: "Record the decision" })).not.toBeInTheDocument();
    expect(section().queryByRole("button", { name: /Check the registries/ })).not.toBeInTheDocument();
  });

  it("a rejected lead says who declined it and why, never 'needs a person'", async () => {
    const rejected = {
      ...detail("rejected", VERIFICATION),
      timeline: [
        {
          id: "t1",
          at: "2026-11-28T16:00:00.000Z",
          actor: "staff:ben@example.com",
          fromStatus: "qualified",
          toStatus: "rejected",
          details: { reason: "not_decision_maker" },
          note: "",
        },
      ],
    };
    answerApi(SESSION, { status: 200, body: rejected }, NO_REWARDS, NO_APPROVALS);
    renderLead();
    await screen.findByRole("heading", { name: "Verification", level: 2 });
    expect(section().getByText(/Declined: not a decision maker \(by ben@example\.com on Nov 28\)/)).toBeInTheDocument();
    expect(screen.queryByText(/Needs a person/)).toHaveTextContent("Needs a person"); // the automatic check's own row only
    expect(section().queryByRole("button", { name: "Record the decision" })).not.toBeInTheDocument();
  });

  it("shows the server's refusal in its words", async () => {
    answerApi(
      SESSION,
      { status: 200, body: detail("qualified", VERIFICATION) },
      NO_REWARDS,
      NO_APPROVALS,
      { status: 409, body: { error: "This lead is rejected: it cannot be marked role verified." } },
      { status: 200, body: detail("qualified", VERIFICATION) },
      NO_REWARDS,
      NO_APPROVALS,
    );
    const user = userEvent.setup();
    renderLead();
    await user.selectOptions(await screen.findByLabelText("Decision"), "rejected");
    await user.selectOptions(screen.getByLabelText("Why it is declined"), "not_decision_maker");
    await user.type(screen.getByLabelText(/^What you checked/), "A scheduler, not the DON");
    await user.click(screen.getByRole("button", { name: "Record the decision" }));
    expect(await screen.findByText("This lead is rejected: it cannot be marked role verified.")).toBeInTheDocument();
  });
});
