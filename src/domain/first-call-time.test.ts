import { describe, expect, it } from "vitest";
import { firstCallLabel } from "./first-call-time";

describe("firstCallLabel", () => {
  // Saturday 9 January 2027, 6:30 PM in New York.
  const saturdayEvening = Date.parse("2027-01-09T23:30:00Z");

  it("names Monday's first time in the lead's zone, the zone short", () => {
    expect(firstCallLabel("2027-01-11T14:00:00Z", "America/New_York", saturdayEvening)).toBe("Monday 9:00 AM EST");
    expect(firstCallLabel("2027-01-11T14:00:00Z", "Pacific/Honolulu", saturdayEvening)).toBe("Monday 4:00 AM HST");
  });

  it("adds the date beyond the coming week", () => {
    expect(firstCallLabel("2027-01-18T14:00:00Z", "America/New_York", saturdayEvening)).toBe(
      "Monday, January 18, 9:00 AM EST",
    );
  });

  it("names daylight time in a daylight-saving week", () => {
    // Sunday 14 March 2027 the clocks go forward in New York: Monday is EDT.
    expect(firstCallLabel("2027-03-15T13:00:00Z", "America/New_York", Date.parse("2027-03-13T23:00:00Z"))).toBe(
      "Monday 9:00 AM EDT",
    );
  });
});
