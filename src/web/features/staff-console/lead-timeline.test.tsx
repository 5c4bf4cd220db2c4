import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PipelineTransition } from "../../../domain/staff-console-api";
import { automaticVerificationStep } from "../../../domain/automatic-verification";
import { LeadTimeline } from "./lead-timeline";

const { step, details } = automaticVerificationStep({
  npi: "1487000011",
  ccn: "115501",
  tieChecks: ["npi_endpoint_domain", "cms_record"],
});
const transition = (over: Partial<PipelineTransition>): PipelineTransition => ({
  id: "t1",
  at: "2026-11-26T10:00:00.000Z",
  actor: "system:verification",
  fromStatus: "qualified",
  toStatus: "role_verified",
  details: { method: step.method, ...details },
  note: step.note,
  ...over,
});

describe("LeadTimeline: the automatic verification's step", () => {
  it("says 'role verified automatically', who, and the evidence (NPI, CCN, the tie, the method)", () => {
    render(<LeadTimeline timeline={[transition({})]} rewards={[]} />);
    const item = screen.getByRole("listitem");
    expect(within(item).getByText("Role verified automatically")).toBeTruthy();
    expect(item.textContent).toContain("Automatic verification (public registries and work e-mail)");
    expect(item.textContent).toContain("Verified by: Public registry record and confirmed work e-mail");
    expect(item.textContent).toContain("NPI: 1487000011");
    expect(item.textContent).toContain("CCN: 115501");
    expect(item.textContent).toContain(
      "Address tied to the facility by: the NPI's registry endpoints name the domain; the facility has a CMS record",
    );
  });

  it("a role staff verified keeps its plain heading and the staff member's address", () => {
    render(
      <LeadTimeline
        timeline={[
          transition({ actor: "staff:sam@provider.example", details: { method: "work_email" }, note: "Called" }),
        ]}
        rewards={[]}
      />,
    );
    const item = screen.getByRole("listitem");
    expect(within(item).queryByText("Role verified automatically")).toBeNull();
    expect(item.textContent).toContain("sam@provider.example");
  });
});
