import { describe, expect, it } from "vitest";
import {
  freeStarts,
  offerEnd,
  offeredStarts,
  weekStartOf,
  weeklyWindows,
  whoTakes,
  type CallTaker,
} from "./booking-slots";
import { instantOf, wallClockOf } from "./zoned-time";

const RULES = { callMinutes: 15, minNoticeMinutes: 0, days: 5 };
const NINE_TO_FIVE = [1, 2, 3, 4, 5].map((day) => ({ day, from: "09:00", to: "17:00" }));
const person = (id: string, busy: CallTaker["busy"] = []): CallTaker => ({
  id,
  timeZone: "America/New_York",
  weekly: NINE_TO_FIVE,
  busy,
});
const unreadable = (id: string): CallTaker => ({ ...person(id), busy: undefined });
const at = (iso: string) => Date.parse(iso);

describe("weekly hours in the person's zone", () => {
  it("a week crossing the daylight-saving change offers 9:00-17:00 on each side (EST then EDT)", () => {
    // Clocks go forward in New York on Sunday 8 March 2026.
    const windows = weeklyWindows(
      NINE_TO_FIVE,
      "America/New_York",
      at("2026-03-05T00:00:00Z"),
      at("2026-03-11T00:00:00Z"),
    );
    expect(windows.map((w) => [new Date(w.start).toISOString(), new Date(w.end).toISOString()])).toEqual([
      ["2026-03-05T14:00:00.000Z", "2026-03-05T22:00:00.000Z"],
      ["2026-03-06T14:00:00.000Z", "2026-03-06T22:00:00.000Z"],
      ["2026-03-09T13:00:00.000Z", "2026-03-09T21:00:00.000Z"],
      ["2026-03-10T13:00:00.000Z", "2026-03-10T21:00:00.000Z"],
    ]);
  });

  it("a lead in Hawaii and a staff member in New York see the same instant", () => {
    const start = instantOf({ year: 2026, month: 12, day: 1 }, 9 * 60, "America/New_York");
    expect(new Date(start).toISOString()).toBe("2026-12-01T14:00:00.000Z");
    expect(wallClockOf(start, "Pacific/Honolulu")).toMatchObject({ day: 1, minutes: 4 * 60 });
    expect(instantOf({ year: 2026, month: 12, day: 1 }, 4 * 60, "Pacific/Honolulu")).toBe(start);
  });

  it("'24:00' ends a day at the next midnight, and a weekend is offered where hours cover it", () => {
    const windows = weeklyWindows(
      [{ day: 6, from: "20:00", to: "24:00" }],
      "UTC",
      at("2026-12-05T00:00:00Z"),
      at("2026-12-07T00:00:00Z"),
    );
    expect(windows).toEqual([{ start: at("2026-12-05T20:00:00Z"), end: at("2026-12-06T00:00:00Z") }]);
  });
});

describe("the times offered across a daylight-saving change (New York)", () => {
  /** Each offered day in a zone: its first and last start on the wall clock, and how many. */
  const daysOf = (starts: number[], timeZone: string) => {
    const days = new Map<string, number[]>();
    for (const start of starts) {
      const clock = wallClockOf(start, timeZone);
      const key = `${clock.year}-${String(clock.month).padStart(2, "0")}-${String(clock.day).padStart(2, "0")}`;
      days.set(key, [...(days.get(key) ?? []), clock.minutes]);
    }
    return [...days].map(([day, minutes]) => [day, minutes[0], minutes.at(-1), minutes.length]);
  };
  const hhmm = (h: number, m = 0) => h * 60 + m;

  it.each([
    // Clocks go back on Sunday 1 November 2026 (EDT to EST).
    [
      "2026-10-29T12:00:00Z",
      ["2026-10-29", "2026-10-30", "2026-11-02", "2026-11-03", "2026-11-04"],
      "2026-11-05T05:00:00Z",
    ],
    // Clocks go forward on Sunday 14 March 2027 (EST to EDT).
    [
      "2027-03-11T13:00:00Z",
      ["2027-03-11", "2027-03-12", "2027-03-15", "2027-03-16", "2027-03-17"],
      "2027-03-18T04:00:00Z",
    ],
  ])("from %s: 9:00 to 16:45 on each of five business days, the weekend of the change skipped", (now, days, end) => {
    const starts = offeredStarts([person("a")], RULES, at(now));
    expect(daysOf(starts, "America/New_York")).toEqual(days.map((day) => [day, hhmm(9), hhmm(16, 45), 32]));
    expect(offerEnd(at(now), 5, "America/New_York")).toBe(at(end));
  });

  it("a lead in Hawaii (no daylight saving) sees the New York hours move by an hour across the change", () => {
    const starts = offeredStarts([person("a")], RULES, at("2026-10-29T12:00:00Z"));
    const hawaii = daysOf(starts, "Pacific/Honolulu");
    expect(hawaii[0]).toEqual(["2026-10-29", hhmm(3), hhmm(10, 45), 32]); // 9:00 EDT is 3:00 HST
    expect(hawaii[2]).toEqual(["2026-11-02", hhmm(4), hhmm(11, 45), 32]); // 9:00 EST is 4:00 HST
  });
});

describe("the times offered", () => {
  const monday8am = at("2026-11-30T13:00:00Z"); // 8:00 in New York

  it("15-minute calls on the grid, from the notice on, inside the hours, to the end of the fifth business day", () => {
    const starts = freeStarts(person("a"), { ...RULES, minNoticeMinutes: 120 }, monday8am);
    expect(new Date(starts[0]!).toISOString()).toBe("2026-11-30T15:00:00.000Z"); // 10:00, two hours on
    expect(new Date(starts.at(-1)!).toISOString()).toBe("2026-12-04T21:45:00.000Z"); // Friday 16:45
    expect(starts.every((s) => s % (15 * 60_000) === 0)).toBe(true);
    expect(offerEnd(monday8am, 5, "America/New_York")).toBe(at("2026-12-05T05:00:00Z"));
  });

  it("busy times take out exactly the calls they touch", () => {
    const busy = [{ start: at("2026-11-30T15:10:00Z"), end: at("2026-11-30T15:40:00Z") }];
    const starts = freeStarts(person("a", busy), RULES, monday8am).filter((s) => s < at("2026-11-30T16:00:00Z"));
    expect(starts.map((s) => new Date(s).toISOString().slice(11, 16))).toEqual([
      "14:00",
      "14:15",
      "14:30",
      "14:45",
      "15:45",
    ]);
  });

  it("a calendar that cannot be read offers none of its owner's times; others still offer theirs", () => {
    expect(freeStarts(unreadable("a"), RULES, monday8am)).toEqual([]);
    const both = offeredStarts([unreadable("a"), person("b")], RULES, monday8am);
    expect(both).toEqual(freeStarts(person("b"), RULES, monday8am));
  });

  it("the call goes to the free person with the fewest calls that week", () => {
    const start = at("2026-11-30T15:00:00Z");
    const people = [person("a"), person("b"), person("c", [{ start, end: start + 900_000 }])];
    expect(
      whoTakes(
        people,
        RULES,
        monday8am,
        start,
        new Map([
          ["a", 3],
          ["b", 1],
        ]),
      ),
    ).toEqual(["b", "a"]);
    expect(whoTakes(people, RULES, monday8am, start + 60_000, new Map())).toEqual([]);
    expect(new Date(weekStartOf(at("2026-12-06T23:00:00Z"))).toISOString()).toBe("2026-11-30T00:00:00.000Z");
  });
});
