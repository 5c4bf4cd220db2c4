import { describe, expect, it } from "vitest";
import { callNextSteps, showsNextSteps } from "./call-next-steps";

const call = (id: string, status: string, start: string) => ({ id, status, start });

describe("a call's next steps after it was missed (decision 0045)", () => {
  it("both once the latest call was missed and nothing is booked", () => {
    expect(callNextSteps([call("a", "missed", "2026-11-30T15:00:00Z")])).toEqual({ offerTimes: null, book: null });
    expect(
      callNextSteps([call("a", "held", "2026-11-20T15:00:00Z"), call("b", "missed", "2026-11-30T15:00:00Z")]),
    ).toEqual({ offerTimes: null, book: null });
  });

  it("neither while a call is booked, before or after a missed one", () => {
    const refused = { offerTimes: "has_booked_call", book: "has_booked_call" };
    expect(callNextSteps([call("a", "booked", "2026-12-01T15:00:00Z")])).toEqual(refused);
    expect(
      callNextSteps([call("a", "missed", "2026-11-30T15:00:00Z"), call("b", "booked", "2026-12-02T15:00:00Z")]),
    ).toEqual(refused);
  });

  it("new times only after a missed call; a booking whenever none is booked", () => {
    expect(callNextSteps([])).toEqual({ offerTimes: "no_missed_call", book: null });
    expect(callNextSteps([call("a", "held", "2026-11-30T15:00:00Z")])).toEqual({
      offerTimes: "no_missed_call",
      book: null,
    });
    // An older missed call does not count once a later one was held or cancelled.
    expect(
      callNextSteps([call("a", "missed", "2026-11-20T15:00:00Z"), call("b", "cancelled", "2026-11-30T15:00:00Z")]),
    ).toEqual({ offerTimes: "no_missed_call", book: null });
  });

  it("are shown on the latest missed call only", () => {
    const calls = [call("old", "missed", "2026-11-20T15:00:00Z"), call("new", "missed", "2026-11-30T15:00:00Z")];
    expect(showsNextSteps({ id: "new" }, calls)).toBe(true);
    expect(showsNextSteps({ id: "old" }, calls)).toBe(false);
    expect(showsNextSteps({ id: "new" }, [...calls, call("next", "booked", "2026-12-03T15:00:00Z")])).toBe(false);
  });
});
