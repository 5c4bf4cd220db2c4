import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { QualificationAnswers } from "../../../domain/qualification-questions";
import { CONSOLE_COPY } from "../../content/staff-console";
import type { LeadQualification as Qualification } from "../../../domain/staff-console-api";
import { QualificationDetails } from "./qualification-details";

const ANSWERS: QualificationAnswers = {
  role: "director_of_nursing",
  facilitySize: "100_199",
  shiftFilling: "both",
  openShifts: "30_59",
  challenge: "",
  callTime: "afternoon",
  giftCardEmail: "",
};

const byChat: Qualification = {
  summary: { status: "qualified", channel: "chat", completedAt: "2026-11-24T10:00:00.000Z" },
  chat: {
    answers: ANSWERS,
    outcome: "qualified",
    startedAt: "2026-11-24T09:58:00.000Z",
    completedAt: "2026-11-24T10:00:00.000Z",
    giftCardEmails: [],
  },
  voiceCalls: [],
};

const byVoice: Qualification = {
  summary: { status: "qualified", channel: "voice", completedAt: "2026-11-24T10:00:00.000Z" },
  chat: null,
  voiceCalls: [
    {
      id: "call-1",
      status: "ended",
      outcome: "qualified",
      startedAt: "2026-11-24T09:58:00.000Z",
      endedAt: "2026-11-24T10:00:00.000Z",
      durationSeconds: 120,
      answers: ANSWERS,
      summary: "The director wants weekend coverage.",
      transcript: "AI: First, what is your role?\nUser: Director of Nursing.",
    },
  ],
};

/** The answers list under the "Answers" heading, as [term, description] pairs. */
function shownAnswers() {
  const heading = screen.getByRole("heading", { name: "Answers" });
  const list = heading.nextElementSibling as HTMLElement;
  return within(list)
    .getAllByRole("term")
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

describe("a lead's qualification in the console", () => {
  it("shows a voice call's answers exactly as a chat's, keeping the call's summary and transcript", () => {
    const { unmount } = render(<QualificationDetails qualification={byChat} />);
    const chatAnswers = shownAnswers();
    unmount();
    render(<QualificationDetails qualification={byVoice} />);
    expect(shownAnswers()).toEqual(chatAnswers);
    expect(chatAnswers).toEqual([
      ["Your role", "Director of Nursing"],
      ["Facility size", "100–199 beds or residents"],
      ["How shifts are filled today", "Both"],
      ["Open shifts per month", "30–59"],
      ["Your biggest staffing challenge", "Skip this question"],
      ["Best time for our call", "Afternoon"],
      ["Gift card e-mail address", "Use the e-mail address I gave you"],
    ]);
    expect(screen.getByText("The director wants weekend coverage.")).toBeTruthy();
    expect(screen.getByText(/User: Director of Nursing\./)).toBeTruthy();
  });

  it("says a reported call without answers has none", () => {
    render(
      <QualificationDetails
        qualification={{
          ...byVoice,
          voiceCalls: [{ ...byVoice.voiceCalls[0]!, outcome: "needs_review", answers: {} }],
        }}
      />,
    );
    expect(screen.getByText("No answers yet.")).toBeTruthy();
    expect(screen.getByText("Needs review")).toBeTruthy();
  });
});

const chat = (giftCardEmails: { value: string; at: string }[]): Qualification => ({
  summary: { status: "in_progress", channel: "chat", completedAt: null },
  chat: {
    answers: { role: "director_of_nursing", giftCardEmail: giftCardEmails.at(-1)?.value ?? "" },
    outcome: null,
    startedAt: "2026-11-24T10:00:00.000Z",
    completedAt: null,
    giftCardEmails,
  },
  voiceCalls: [],
});

describe("a chat's gift-card e-mail in the console", () => {
  it("shows a changed gift-card e-mail with every address given, in order", () => {
    render(
      <QualificationDetails
        qualification={chat([
          { value: "pat@maplegrove.example", at: "2026-11-24T10:01:00.000Z" },
          { value: "someone@else.example", at: "2026-11-24T10:05:00.000Z" },
        ])}
      />,
    );
    expect(screen.getByText(CONSOLE_COPY.qualification.giftCardEmailChanged)).toBeInTheDocument();
    const items = within(screen.getByRole("list"))
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(items[0]).toMatch(/^pat@maplegrove\.example \(given /);
    expect(items[1]).toMatch(/^someone@else\.example \(given /);
  });

  it("says nothing of a change when one address was given", () => {
    render(
      <QualificationDetails
        qualification={chat([{ value: "pat@maplegrove.example", at: "2026-11-24T10:01:00.000Z" }])}
      />,
    );
    expect(screen.queryByText(CONSOLE_COPY.qualification.giftCardEmailChanged)).toBeNull();
  });
});
