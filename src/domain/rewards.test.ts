import { describe, expect, it } from "vitest";
import { checkMonthlyCap, externalIdOf, monthOf, rewardReference } from "./rewards";

describe("rewards rules", () => {
  it("fixes one external id per lead and step", () => {
    const lead = "7d7c0a32-0000-4000-8000-000000000001";
    expect(externalIdOf(lead, "gift_card_sent")).toBe(externalIdOf(lead, "gift_card_sent"));
    expect(externalIdOf(lead, "gift_card_sent")).not.toBe(externalIdOf(lead, "bonus_sent"));
  });

  it("takes the calendar month in UTC", () => {
    const month = monthOf(new Date("2026-03-31T23:30:00-05:00")); // already April in UTC
    expect(month.label).toBe("2026-04");
    expect(month.start.toISOString()).toBe("2026-04-01T00:00:00.000Z");
    expect(month.end.toISOString()).toBe("2026-05-01T00:00:00.000Z");
    expect(monthOf(new Date("2026-12-15T00:00:00Z")).end.toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });

  it("refuses the order that would pass the limit, saying the limit and what is left", () => {
    expect(checkMonthlyCap(undefined, 10_000, 250)).toEqual({ ok: true });
    expect(checkMonthlyCap(300, 250, 50)).toEqual({ ok: true });
    const refused = checkMonthlyCap(300, 260, 50);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error).toContain("$300");
      expect(refused.error).toContain("$40 is left");
    }
    const over = checkMonthlyCap(100, 150, 50);
    expect(!over.ok && over.error).toContain("$0 is left");
  });

  it("writes the reference from the order and reward ids", () => {
    expect(rewardReference("ORD1", "RWD1")).toBe("ORD1 / RWD1");
    expect(rewardReference("ORD1", null)).toBe("ORD1");
  });
});
