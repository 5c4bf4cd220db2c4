import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FunnelReport } from "../../../domain/report-funnel";
import { SESSION, answerApi, renderInRoute } from "./console-test-support";
import { ReportsView, loadReports, type ReportsData } from "./reports-view";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** WCAG A/AA rules jsdom can evaluate (contrast needs a browser: the journey covers it). */
async function expectNoAxeViolations(container: HTMLElement) {
  const results = await axe.run(container, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"] },
    rules: { "color-contrast": { enabled: false } },
  });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const counts = (
  leads: number,
  qualified: number,
  auto: number,
  staff: number,
  card: number,
  shift: number,
  bonus: number,
  rejected: number,
) => ({
  leads,
  qualified,
  roleVerified: auto + staff,
  roleVerifiedAutomatically: auto,
  roleVerifiedByStaff: staff,
  giftCardSent: card,
  firstShiftFilled: shift,
  bonusSent: bonus,
  rejected,
});

/** The server test's seeded leads (src/server/test-support/funnel-seed.ts), by source. */
const REPORT: FunnelReport = {
  from: "2026-11-01",
  to: "2026-11-27",
  by: "source",
  rows: [
    { key: "google", ...counts(2, 2, 0, 1, 1, 1, 1, 0) },
    { key: "linkedin", ...counts(2, 2, 1, 1, 1, 0, 0, 1) },
    { key: "facebook", ...counts(1, 0, 0, 0, 0, 0, 0, 0) },
  ],
  totals: counts(5, 4, 1, 2, 2, 1, 1, 1),
  money: { giftCardsUsd: 100, bonusesUsd: 250, costPerVerifiedFacilityUsd: 116.67 },
  times: {
    toQualified: { median: 2, p90: 3.5 },
    toRoleVerified: { median: 30, p90: 60 },
    toGiftCard: { median: 50, p90: null },
    oldestWaitingHours: 5,
  },
  weeklyBySource: [
    { week: "2026-11-23", source: "facebook", leads: 1 },
    { week: "2026-11-23", source: "google", leads: 2 },
    { week: "2026-11-23", source: "linkedin", leads: 2 },
  ],
  cardHours: [
    { label: "under 24 h", leads: 1 },
    { label: "1-2 days", leads: 1 },
    { label: "2-3 days", leads: 0 },
    { label: "3-7 days", leads: 0 },
    { label: "over 7 days", leads: 0 },
  ],
};
const STEPS = {
  forms: [
    {
      form: "homepage_form",
      steps: [
        { step: "shown", count: 10 },
        { step: "step2", count: 4 },
        { step: "step3", count: 2 },
        { step: "submitted", count: 1 },
      ],
    },
    {
      form: "qualify_page",
      steps: [
        { step: "shown", count: 0 },
        { step: "step2", count: 0 },
        { step: "step3", count: 0 },
        { step: "submitted", count: 0 },
      ],
    },
  ],
};

function renderReports(url: string) {
  return renderInRoute((data) => <ReportsView data={data as ReportsData} />, {
    path: "/staff/reports",
    url,
    loader: ({ request }) => loadReports(request),
  });
}

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.querySelectorAll("th, td")].map((c) => c.textContent));

describe("ReportsView", () => {
  it("shows the funnel's rows and totals exactly, the money and times, three charts with their text and tables, and no axe violation", async () => {
    const calls = answerApi(SESSION, { status: 200, body: REPORT }, { status: 200, body: STEPS });
    const { container } = renderReports("/staff/reports?from=2026-11-01&to=2026-11-27&by=source");
    const table = await screen.findByRole("table", { name: "The funnel by group" });
    expect(calls.slice(1).map((c) => c.url)).toEqual([
      "/api/staff/reports/funnel?from=2026-11-01&to=2026-11-27&by=source",
      "/api/staff/reports/form-steps?from=2026-11-01&to=2026-11-27&by=source",
    ]);
    expect(rowTexts(table)).toEqual([
      ["Google", "2", "2 (100%)", "1 (50%)", "1 (100%)", "1 (100%)", "1 (100%)", "0", "1", "0", "50%"],
      ["LinkedIn", "2", "2 (100%)", "2 (100%)", "1 (50%)", "0 (0%)", "0 (–)", "1", "1", "1", "0%"],
      ["Facebook", "1", "0 (0%)", "0 (–)", "0 (–)", "0 (–)", "0 (–)", "0", "0", "0", "0%"],
      ["Total", "5", "4 (80%)", "3 (75%)", "2 (66.7%)", "1 (50%)", "1 (100%)", "1", "2", "1", "20%"],
    ]);
    expect(screen.getByText("$116.67")).toBeInTheDocument();
    expect(screen.getByText("2 hours median, 3.5 hours 90th percentile")).toBeInTheDocument();
    expect(screen.getByText("2.1 days median, – 90th percentile")).toBeInTheDocument();
    const figures = container.querySelectorAll("figure[data-chart]");
    expect(figures).toHaveLength(3);
    for (const figure of figures) {
      expect(figure.querySelector("svg[role=img]")?.getAttribute("aria-label")).toMatch(/chart/);
      expect(figure).toHaveAccessibleDescription(/chart/);
    }
    expect(
      screen.getByText(
        /Funnel chart: Leads 5, Qualified 4, Role verified 3, Card sent 2, First shift filled 1, Bonus sent 1\./,
        { selector: "figcaption" },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download this table (CSV)" })).toHaveAttribute(
      "href",
      "/api/staff/reports/funnel.csv?from=2026-11-01&to=2026-11-27&by=source",
    );
    // Weeks and sources in the lead list's words, never "2026-11-23" or "google".
    const weekly = screen.getByRole("table", { name: "Leads per week, by traffic source" });
    expect(rowTexts(weekly)[0]).toEqual(["Week of Nov 23, 2026", "Facebook", "1"]);
    expect(weekly).not.toHaveTextContent(/2026-11-23|google|linkedin/);
    expect(screen.getByText(/over 1 week by traffic source/)).toBeInTheDocument();
    expect(rowTexts(screen.getByRole("table", { name: "Landing form" }))).toEqual([
      ["Step 1 shown", "10", ""],
      ["Step 2 reached", "4", "40%"],
      ["Step 3 reached", "2", "50%"],
      ["Submitted", "1", "50%"],
    ]);
    // What the figures leave out (decision 0043), said beside them.
    expect(
      screen.getByText(/past 30 a minute or 200 a day; those are answered as any other and not counted/),
    ).toBeInTheDocument();
    expect(screen.getByText(/only facilities a registry matched/)).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it("puts the range and grouping in the address, and refuses a range too long before asking", async () => {
    const calls = answerApi(
      SESSION,
      { status: 200, body: REPORT },
      { status: 200, body: STEPS },
      { status: 200, body: { ...REPORT, by: "region", rows: [] } },
      { status: 200, body: STEPS },
    );
    const user = userEvent.setup();
    renderReports("/staff/reports");
    await screen.findByRole("table", { name: "The funnel by group" });
    fireEvent.change(screen.getByLabelText("Created from"), { target: { value: "2020-01-01" } });
    await user.click(screen.getByRole("button", { name: "Show report" }));
    expect(await screen.findByText("the range must be at most 400 days", { selector: "a" })).toBeInTheDocument();
    expect(calls).toHaveLength(3);
    fireEvent.change(screen.getByLabelText("Created from"), { target: { value: "2026-11-01" } });
    await user.selectOptions(screen.getByRole("combobox", { name: "Group by" }), "region");
    await user.click(screen.getByRole("button", { name: "Show report" }));
    // The new address is a navigation: its loader reads the session, then the report.
    await vi.waitFor(() => expect(calls.map((c) => c.url)).toHaveLength(6));
    expect(await screen.findByText("No lead was created in this range.", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls[3]?.url).toBe("/api/staff/session");
    expect(calls[4]?.url).toBe("/api/staff/reports/funnel?from=2026-11-01&by=region");
    expect(screen.getByRole("columnheader", { name: "Region" })).toBeInTheDocument();
  });
});
