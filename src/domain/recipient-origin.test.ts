import { describe, expect, it } from "vitest";
import { RECIPIENT_ORIGIN_WORDS, recipientOrigin } from "./recipient-origin";

const lead = { email: "taylor@sunrise-care.example", giftCardEmails: ["taylor.reyes@gmail.com"] };

describe("where a reward's recipient came from", () => {
  it("the gift-card address the lead typed in the chat is named so, never 'an address the lead did not give'", () => {
    const origin = recipientOrigin(" Taylor.Reyes@Gmail.com ", lead);
    expect(origin).toBe("chat_gift_card");
    expect(RECIPIENT_ORIGIN_WORDS[origin]).toBe(
      "the gift-card address the lead typed in the chat, not the confirmed work address",
    );
    expect(RECIPIENT_ORIGIN_WORDS[origin]).not.toMatch(/did not give|not one the lead gave/);
  });

  it("the lead's own work address is the work address", () => {
    expect(recipientOrigin("TAYLOR@sunrise-care.example", lead)).toBe("work_address");
  });

  it("an address neither the lead's nor the chat's is one staff typed, and says so", () => {
    const origin = recipientOrigin("someone@elsewhere.example", lead);
    expect(origin).toBe("typed_by_staff");
    expect(RECIPIENT_ORIGIN_WORDS[origin]).toMatch(/typed by staff/);
  });
});
