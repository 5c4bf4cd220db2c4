import { describe, expect, it } from "vitest";
import { outcomeOfAnswers } from "./qualification-outcome";
import { judgeVoiceAnswers, voiceAnswersOf } from "./voice-answers";

const GEORGIA_NURSING_HOME = { facilityType: "nursing_home", location: "Georgia" };
const DIRECTOR = {
  role: "director_of_nursing",
  facilitySize: "100_199",
  shiftFilling: "agency",
  openShifts: "30_59",
  challenge: "Weekend nights",
  callTime: "morning",
  giftCardEmail: "dana@sunrise.example",
};

describe("a voice call's answers, judged by the chat's rules", () => {
  it("judges complete answers exactly as the chat's rule does", () => {
    for (const data of [
      DIRECTOR,
      { role: "nurse" },
      { ...DIRECTOR, role: "other", roleTitle: "Owner", giftCardEmail: undefined },
    ]) {
      const { answers, outcome } = judgeVoiceAnswers(data, GEORGIA_NURSING_HOME);
      expect(outcome).toBe(outcomeOfAnswers(answers, GEORGIA_NURSING_HOME));
    }
    expect(judgeVoiceAnswers(DIRECTOR, GEORGIA_NURSING_HOME).outcome).toBe("qualified");
    expect(judgeVoiceAnswers({ role: "nurse" }, undefined).outcome).toBe("nurse");
  });

  it("leaves a decision-maker of no known lead, a partial answer and a refused value for review", () => {
    expect(judgeVoiceAnswers(DIRECTOR, undefined).outcome).toBe("needs_review");
    expect(judgeVoiceAnswers({ role: "administrator", facilitySize: "under_50" }, GEORGIA_NURSING_HOME)).toMatchObject({
      outcome: "needs_review",
      answers: { role: "administrator", facilitySize: "under_50" },
    });
    expect(judgeVoiceAnswers({ ...DIRECTOR, facilitySize: "huge" }, GEORGIA_NURSING_HOME)).toMatchObject({
      outcome: "needs_review",
      refused: ["facilitySize"],
    });
    expect(judgeVoiceAnswers({ ...DIRECTOR, giftCardEmail: "not an address" }, GEORGIA_NURSING_HOME).outcome).toBe(
      "needs_review",
    );
    for (const data of [null, undefined, "role", ["role"], {}, { role: 42 }, { role: "Director of Nursing" }]) {
      expect(judgeVoiceAnswers(data, GEORGIA_NURSING_HOME).outcome).toBe("needs_review");
    }
  });

  it("counts a left-out optional question as skipped only when that completes the answers", () => {
    const { challenge: _, ...withoutChallenge } = DIRECTOR;
    expect(voiceAnswersOf(withoutChallenge).answers.challenge).toBe("");
    expect(voiceAnswersOf({ role: "scheduler", facilitySize: "under_50" }).answers).toEqual({
      role: "scheduler",
      facilitySize: "under_50",
    });
  });

  it("drops answers to questions that do not apply, and null values", () => {
    expect(voiceAnswersOf({ role: "nurse", facilitySize: "under_50", giftCardEmail: null }).answers).toEqual({
      role: "nurse",
    });
  });
});
