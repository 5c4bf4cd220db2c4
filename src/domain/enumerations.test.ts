import { describe, expect, it } from "vitest";
import {
  CLASSIFICATIONS,
  FACILITY_TYPES,
  HOMEPAGE_SHIFT_TYPES,
  QUALIFY_SHIFT_TYPES,
  ROLES,
  TRAFFIC_SOURCES,
  URGENCIES,
  labelOf,
} from "./enumerations";
import { DESIRED_LOCATIONS, US_STATES } from "./us-states";
import { CONSENT_TEXT } from "./consent";

const pairs = (options: readonly { value: string; label: string }[]) => options.map((o) => [o.value, o.label]);

describe("enumerations of spec 3.4", () => {
  it("facility types, values and labels", () => {
    expect(pairs(FACILITY_TYPES)).toEqual([
      ["hospital", "Hospital"],
      ["nursing_home", "Nursing Home"],
      ["assisted_living", "Assisted Living"],
      ["skilled_nursing", "Skilled Nursing Facility"],
      ["rehabilitation", "Rehabilitation Center"],
      ["home_health", "Home Health Agency"],
      ["clinic", "Clinic"],
      ["other", "Other"],
    ]);
    expect(labelOf(FACILITY_TYPES, "home_health")).toBe("Home Health Agency");
  });

  it("roles, urgency, shift types, traffic sources, classifications", () => {
    expect(ROLES.map((r) => r.value)).toEqual(["CNA", "LPN", "RN"]);
    expect(URGENCIES.map((u) => u.value)).toEqual(["immediate", "this_week", "next_week", "ongoing"]);
    expect(labelOf(URGENCIES, "immediate")).toMatch(/within 24 hours/);
    expect(labelOf(URGENCIES, "ongoing")).toBe("Ongoing staffing needs");
    expect(QUALIFY_SHIFT_TYPES.map((s) => s.value)).toEqual(["7a-3pm", "3pm-11pm", "11pm-7am", "Weekend"]);
    expect(HOMEPAGE_SHIFT_TYPES.map((s) => s.value)).toEqual(["Day Shift", "Night Shift", "Weekend"]);
    expect(TRAFFIC_SOURCES.map((s) => s.value)).toEqual([
      "google",
      "linkedin",
      "facebook",
      "instagram",
      "twitter",
      "youtube",
      "referral",
      "email",
      "direct",
      "other",
    ]);
    expect(CLASSIFICATIONS.map((c) => c.value)).toEqual(["CNA", "LPN", "RN", "CNA & CMA", "CMA/CMT"]);
  });

  it("50 states for location; 50 + DC + PR for desired location", () => {
    expect(US_STATES).toHaveLength(50);
    expect(US_STATES.map((s) => s.value)).not.toContain("District of Columbia");
    expect(DESIRED_LOCATIONS).toHaveLength(52);
    expect(DESIRED_LOCATIONS.map((s) => s.value)).toEqual(
      expect.arrayContaining(["District of Columbia", "Puerto Rico", "Wyoming"]),
    );
    expect(new Set(DESIRED_LOCATIONS.map((s) => s.value)).size).toBe(52);
  });

  it("desired locations in the order of their names in English, as a collator sorts them", () => {
    const labels = DESIRED_LOCATIONS.map((s) => s.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator("en-US").compare));
    expect(labels.indexOf("District of Columbia")).toBe(labels.indexOf("Delaware") + 1);
  });

  it("consent text says what spec 5.5 requires", () => {
    expect(CONSENT_TEXT).toMatch(/SMS and phone communications/);
    expect(CONSENT_TEXT).toMatch(/Message and data rates may apply/);
    expect(CONSENT_TEXT).toMatch(/frequency varies/);
    expect(CONSENT_TEXT).toMatch(/not a condition of purchase/);
  });
});
