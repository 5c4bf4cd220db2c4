import { describe, expect, it } from "vitest";
import {
  QUALIFICATION_QUESTIONS,
  answerLabel,
  applicableAnswers,
  checkAnswer,
  nextQuestionId,
  type QualificationAnswers,
} from "./qualification-questions";

const DIRECTOR: QualificationAnswers = {
  role: "director_of_nursing",
  facilitySize: "50_99",
  shiftFilling: "agency",
  openShifts: "10_29",
  challenge: "",
  callTime: "morning",
};

describe("the qualification chat's questions", () => {
  it("starts with the role and asks the chat's questions in order for a decision-maker", () => {
    const asked: string[] = [];
    const answers: QualificationAnswers = {};
    const values: Record<string, string> = {
      role: "administrator",
      facilitySize: "under_50",
      shiftFilling: "both",
      openShifts: "60_plus",
      challenge: "Nights",
      callTime: "evening",
      giftCardEmail: "",
    };
    for (let id = nextQuestionId(answers); id; id = nextQuestionId(answers)) {
      asked.push(id);
      answers[id] = values[id]!;
    }
    expect(asked).toEqual([
      "role",
      "facilitySize",
      "shiftFilling",
      "openShifts",
      "challenge",
      "callTime",
      "giftCardEmail",
    ]);
  });

  it("asks the title of an Other role and no gift-card e-mail (no gift card is due)", () => {
    expect(nextQuestionId({ role: "other" })).toBe("roleTitle");
    expect(nextQuestionId({ ...DIRECTOR, role: "other", roleTitle: "Charge nurse" })).toBeUndefined();
    expect(nextQuestionId(DIRECTOR)).toBe("giftCardEmail");
  });

  it("ends at once for a nurse looking for work", () => {
    expect(nextQuestionId({ role: "nurse" })).toBeUndefined();
  });

  it("drops answers that no longer apply when the role changes", () => {
    expect(applicableAnswers({ role: "scheduler", roleTitle: "Charge nurse", facilitySize: "50_99" })).toEqual({
      role: "scheduler",
      facilitySize: "50_99",
    });
    expect(applicableAnswers({ ...DIRECTOR, giftCardEmail: "x@y.example", role: "nurse" })).toEqual({ role: "nurse" });
  });

  it("offers the role choices the issue names", () => {
    const role = QUALIFICATION_QUESTIONS.role;
    expect(role.kind === "choice" && role.options.map((o) => o.label)).toEqual([
      "Director of Nursing",
      "Administrator",
      "Scheduler / Staffing Coordinator",
      "Other",
      "I'm a nurse looking for work",
    ]);
  });

  it("checks each answer with the question's own message", () => {
    expect(checkAnswer("role", "ceo")).toEqual({ ok: false, message: "Please choose your role" });
    expect(checkAnswer("role", "scheduler")).toEqual({ ok: true, value: "scheduler" });
    expect(checkAnswer("roleTitle", "   ")).toEqual({ ok: false, message: "Please tell us your title" });
    expect(checkAnswer("roleTitle", "  Charge nurse ")).toEqual({ ok: true, value: "Charge nurse" });
    expect(checkAnswer("challenge", "")).toEqual({ ok: true, value: "" });
    expect(checkAnswer("challenge", "x".repeat(1001))).toEqual({
      ok: false,
      message: "Must be at most 1000 characters",
    });
    expect(checkAnswer("giftCardEmail", "not-an-email")).toEqual({ ok: false, message: "Email is invalid" });
    expect(checkAnswer("giftCardEmail", "")).toEqual({ ok: true, value: "" });
    expect(checkAnswer("giftCardEmail", " pat@care.example ")).toEqual({ ok: true, value: "pat@care.example" });
    expect(checkAnswer("callTime", 3)).toEqual({ ok: false, message: "Please choose the best time for our call" });
  });

  it("reads answers as people do", () => {
    expect(answerLabel("role", "scheduler")).toBe("Scheduler / Staffing Coordinator");
    expect(answerLabel("giftCardEmail", "")).toBe("Use the e-mail address I gave you");
    expect(answerLabel("challenge", "")).toBe("Skip this question");
  });
});
