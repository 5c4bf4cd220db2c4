import { describe, expect, it } from "vitest";
import { privacyRequestSentence, sentenceText } from "./log-sentences";

const say = (kind: string, actor: string, reference = "", count = 2) =>
  sentenceText(
    privacyRequestSentence({ kind, actor, reference, recordIds: Array.from({ length: count }, (_, i) => `r${i}`) }),
  );

describe("privacyRequestSentence", () => {
  it.each([
    ["erase", "staff:ana@sunrise.example", "R-1", "ana@sunrise.example erased a person: 2 records (reference R-1)."],
    [
      "erase_deferred",
      "staff:ana@sunrise.example",
      "",
      "ana@sunrise.example asked to erase a person: waiting for a card in flight to settle, 2 records kept until then.",
    ],
    [
      "export",
      "admin-token",
      "T-9",
      "An administrator, through the admin API, handed over a person's data: 2 records (reference T-9).",
    ],
    ["opt_out", "link", "", "The person asked not to be contacted, with the link in an e-mail: 2 records."],
    ["erase", "system:retention", "", "The retention schedule erased a person: 2 records."],
  ])("%s by %s", (kind, actor, reference, sentence) => {
    expect(say(kind, actor, reference)).toBe(sentence);
  });

  it("names people rather than mechanisms, and counts one record as one", () => {
    expect(say("export", "admin-token", "", 1)).not.toContain("admin-token");
    expect(say("export", "staff:bo@x.example", "", 1)).toBe("bo@x.example handed over a person's data: 1 record.");
  });
});
