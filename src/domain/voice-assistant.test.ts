import { describe, expect, it } from "vitest";
import { QUALIFICATION_QUESTIONS, QUESTION_IDS } from "./qualification-questions";
import { VOICE_FIRST_MESSAGE, VOICE_INSTRUCTIONS, VOICE_STRUCTURED_DATA_SCHEMA } from "./voice-assistant";

const lines = VOICE_INSTRUCTIONS.split("\n");
const questionLines = lines.filter((line) => /^\d+\. \(/.test(line));

describe("the voice assistant's definition, built from the chat's questions", () => {
  it("asks every chat question, in the chat's order, with the chat's prompt", () => {
    expect(questionLines.map((line) => /^\d+\. \((\w+)\)/.exec(line)![1])).toEqual([...QUESTION_IDS]);
    questionLines.forEach((line, index) => {
      const question = QUALIFICATION_QUESTIONS[QUESTION_IDS[index]!];
      expect(line.startsWith(`${index + 1}. (${QUESTION_IDS[index]}) Ask: "${question.prompt}"`)).toBe(true);
    });
  });

  it("offers each choice question's options, in order, as the chat labels them", () => {
    questionLines.forEach((line, index) => {
      const question = QUALIFICATION_QUESTIONS[QUESTION_IDS[index]!];
      if (question.kind !== "choice") return expect(line).not.toContain("Choices:");
      expect(line).toContain(`Choices: ${question.options.map((option) => option.label).join("; ")}.`);
    });
  });

  it("says when a question applies, from the chat's own conditions", () => {
    const line = (id: string) => questionLines.find((l) => l.includes(`(${id})`))!;
    expect(line("role")).not.toContain("Ask only");
    expect(line("roleTitle")).toContain("Ask only when the role is one of: Other.");
    expect(line("facilitySize")).toContain(
      "Ask only when the role is one of: Director of Nursing; Administrator; Scheduler / Staffing Coordinator; Other.",
    );
    expect(line("giftCardEmail")).toContain(
      "Ask only when the role is one of: Director of Nursing; Administrator; Scheduler / Staffing Coordinator.",
    );
    expect(line("challenge")).toContain("Optional");
  });

  it("greets with the call's first name and facility, and asks the first question", () => {
    expect(VOICE_FIRST_MESSAGE).toContain('{{ firstName | default: "there" }}');
    expect(VOICE_FIRST_MESSAGE).toContain('{{ facilityName | default: "your facility" }}');
    expect(VOICE_FIRST_MESSAGE.endsWith(QUALIFICATION_QUESTIONS.role.prompt)).toBe(true);
    expect(VOICE_INSTRUCTIONS).toContain("{{ firstName |");
    expect(VOICE_INSTRUCTIONS).toContain("{{ facilityName |");
  });

  it("reports structured data whose keys are the chat's question ids and whose enumerations are the chat's option values", () => {
    const properties = VOICE_STRUCTURED_DATA_SCHEMA.properties!;
    expect(Object.keys(properties)).toEqual([...QUESTION_IDS]);
    expect(properties.giftCardEmail).toMatchObject({ type: "string" });
    for (const id of QUESTION_IDS) {
      const question = QUALIFICATION_QUESTIONS[id];
      expect(properties[id]!.type).toBe("string");
      expect(properties[id]!.enum).toEqual(
        question.kind === "choice" ? question.options.map((option) => option.value) : undefined,
      );
    }
  });
});
