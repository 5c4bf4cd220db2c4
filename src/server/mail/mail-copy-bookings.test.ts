import { describe, expect, it } from "vitest";
import { BOOKING_MAIL_COPY } from "./mail-copy-bookings";

const COPY = BOOKING_MAIL_COPY.booking_invite;

describe("the booked call's words to staff", () => {
  it("say what happened to the call, not who did it (a colleague or an opt-out may have)", () => {
    // A colleague may book for the lead too (decision 0045): not "a lead booked".
    expect(COPY.staffBody("booked")).toMatch(/is booked with you/);
    expect(COPY.staffBody("booked")).not.toMatch(/lead booked/i);
    expect(COPY.staffBody("moved")).toMatch(/has moved/);
    expect(COPY.staffBody("moved")).not.toMatch(/booked/);
    expect(COPY.staffBody("cancelled")).toMatch(/is cancelled/);
    expect(COPY.staffBody("cancelled")).not.toMatch(/lead cancelled/i);
  });
});
