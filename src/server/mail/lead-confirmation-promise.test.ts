import { describe, expect, it } from "vitest";
import { renderMail } from "./render-mail";
import type { LeadConfirmationData } from "./mail-kinds";
import { SAMPLE_BRAND, SAMPLE_KEYS, SAMPLE_MESSAGES } from "../test-support/mail-samples";

/** The confirmation's call promise: the earliest time offered when it was written, never "24 hours". */
describe("the confirmation e-mail's call promise", () => {
  const sample = SAMPLE_MESSAGES.lead_confirmation;
  const render = (firstCall: LeadConfirmationData["firstCall"]) => {
    const data: LeadConfirmationData = { ...sample.data };
    delete data.firstCall;
    if (firstCall) data.firstCall = firstCall;
    return renderMail({ ...sample, data }, SAMPLE_BRAND, SAMPLE_KEYS);
  };

  it("names the first free time in the lead's zone, the zone named", async () => {
    const { text, html } = await render({ start: "2027-01-11T14:00:00.000Z", timeZone: "America/Chicago" });
    expect(text).toMatch(
      /The first free time for your call is Monday(, January 11,)? 8:00 AM CST: pick it or another\./,
    );
    expect(html).toContain("The first free time for your call is");
    expect(text).not.toContain("24 hours");
  });

  it("says plainly when no time is offered", async () => {
    const { text } = await render({ start: null, timeZone: "America/New_York" });
    expect(text).toContain("No call time is open in the next few days.");
    expect(text).not.toContain("24 hours");
  });

  it("promises no time when it was not known (an e-mail queued before, or a calendar too slow)", async () => {
    const { text } = await render(undefined);
    expect(text).toContain("Pick a time for your call that suits you.");
    expect(text).not.toContain("24 hours");
  });

  it("ignores a stored zone it does not know", async () => {
    const { text } = await render({ start: "2027-01-11T14:00:00.000Z", timeZone: "Mars/Olympus" });
    expect(text).toContain("Pick a time for your call that suits you.");
  });
});
