import { describe, expect, it } from "vitest";
import { automaticSteps, automaticVerificationStep } from "./automatic-verification";
import { checkStep, type PipelineStatus } from "./incentive-pipeline";
import { StaffStepSchema } from "./pipeline-steps";

describe("automaticVerificationStep", () => {
  it("names the NPI, the CCN and the tie, in the note and the details", () => {
    const { step, details } = automaticVerificationStep({
      npi: "1487000011",
      ccn: "115501",
      tieChecks: ["npi_endpoint_domain", "cms_record"],
    });
    expect(step).toEqual({
      to: "role_verified",
      method: "registry_and_work_email",
      note: "Verified automatically: facility NPI 1487000011, CCN 115501 found in the public registries; work e-mail confirmed on the facility's domain (the NPI's registry endpoints name the domain; the facility has a CMS record).",
    });
    expect(details).toEqual({
      npi: "1487000011",
      ccn: "115501",
      domainTie: "npi_endpoint_domain,cms_record",
    });
  });

  it("the callback's yes: named in the note", () => {
    const { step, details } = automaticVerificationStep({ npi: "1", ccn: null, tieChecks: ["callback_confirmed"] });
    expect(step.note).toContain("the facility's number of record confirmed the person on the callback");
    expect(details).toEqual({ npi: "1", domainTie: "callback_confirmed" });
  });

  it("evidence short of a tie is not named as one", () => {
    const { details } = automaticVerificationStep({
      npi: "1",
      ccn: null,
      tieChecks: ["domain_name_carries_facility_name", "website_phone_shown"],
    });
    expect(details).toEqual({ npi: "1" });
  });

  it("an NPI alone, tied by its registry endpoints", () => {
    const { step, details } = automaticVerificationStep({ npi: "1", ccn: null, tieChecks: ["npi_endpoint_domain"] });
    expect(step.note).toContain("facility NPI 1 found");
    expect(step.note).toContain("the NPI's registry endpoints name the domain");
    expect(step.note).not.toContain("CCN");
    expect(details).toEqual({ npi: "1", domainTie: "npi_endpoint_domain" });
  });
});

describe("the automatic method belongs to system:verification", () => {
  const step = automaticVerificationStep({ npi: "1", ccn: null, tieChecks: [] }).step;
  it("taken by the system, refused to staff and to an unnamed actor", () => {
    expect(checkStep("qualified", step, "system:verification")).toEqual({ ok: true });
    expect(checkStep("qualified", step, "staff:a@b.example").ok).toBe(false);
    expect(checkStep("qualified", step).ok).toBe(false);
  });
  it("the system uses no staff method, and staff's form cannot choose it", () => {
    const manual = { to: "role_verified", method: "work_email", note: "x" } as const;
    expect(checkStep("qualified", manual, "system:verification").ok).toBe(false);
    expect(checkStep("qualified", manual, "staff:a@b.example")).toEqual({ ok: true });
    expect(StaffStepSchema.safeParse({ ...step }).success).toBe(false);
  });
  it("a role already verified is not verified twice", () => {
    expect(checkStep("role_verified", step, "system:verification").ok).toBe(false);
  });
});

describe("automaticSteps", () => {
  const on = { autoPay: true, rewardsProvider: true, verifiedBySystem: false };
  it.each<[string, Parameters<typeof automaticSteps>, { verify: boolean; pay: boolean }]>([
    ["verified, qualified, auto-pay", ["verified", "qualified", on], { verify: true, pay: true }],
    ["verified without auto-pay", ["verified", "qualified", { ...on, autoPay: false }], { verify: true, pay: false }],
    [
      "verified, auto-pay but no provider",
      ["verified", "qualified", { ...on, rewardsProvider: false }],
      { verify: true, pay: false },
    ],
    ["needs review", ["needs_review", "qualified", on], { verify: false, pay: false }],
    ["not checked yet", ["not_checked_yet", "qualified", on], { verify: false, pay: false }],
    [
      "already verified by this verification (a run cut short): pay",
      ["verified", "role_verified", { ...on, verifiedBySystem: true }],
      { verify: false, pay: true },
    ],
    ["verified by staff: staff pay", ["verified", "role_verified", on], { verify: false, pay: false }],
    ...(["gift_card_sent", "rejected", "first_shift_filled"] as PipelineStatus[]).map(
      (status): [string, Parameters<typeof automaticSteps>, { verify: boolean; pay: boolean }] => [
        `past the card (${status})`,
        ["verified", status, { ...on, verifiedBySystem: true }],
        { verify: false, pay: false },
      ],
    ),
  ])("%s", (_, args, expected) => {
    expect(automaticSteps(...args)).toEqual(expected);
  });
});
