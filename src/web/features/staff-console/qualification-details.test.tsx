// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CONSOLE_COPY } from "../../content/staff-console";
import type { LeadQualification } from "../../../domain/staff-console-api";
import { QualificationDetails } from "./qualification-details";

const chat = (giftCardEmails: { value: string; at: string }[]): LeadQualification => ({
  summary: { status: "in_progress", channel: "chat", completedAt: null },
  chat: { answers: { role: "director_of_nursing", giftCardEmail: giftCardEmails.at(-1)?.value ?? "" }, outcome: null, startedAt: "2026-11-24T10:00:00.000Z", completedAt: null, giftCardEmails },
  voiceCalls: [],
});

describe("QualificationDetails", () => {
  it("shows a changed gift-card e-mail with every address given, in order", () => {
    render(<QualificationDetails qualification={chat([{ value: "pat@maplegrove.example", at: "2026-11-24T10:01:00.000Z" }, { value: "someone@else.example", at: "2026-11-24T10:05:00.000Z" }])} />);
    expect(screen.getByText(CONSOLE_COPY.qualification.giftCardEmailChanged)).toBeInTheDocument();
    const items = within(screen.getByRole("list")).getAllByRole("listitem").map((item) => item.textContent);
    expect(items[0]).toMatch(/^pat@maplegrove\.example \(given /);
    expect(items[1]).toMatch(/^someone@else\.example \(given /);
  });

  it("says nothing of a change when one address was given", () => {
    render(<QualificationDetails qualification={chat([{ value: "pat@maplegrove.example", at: "2026-11-24T10:01:00.000Z" }])} />);
    expect(screen.queryByText(CONSOLE_COPY.qualification.giftCardEmailChanged)).toBeNull();
  });
});
