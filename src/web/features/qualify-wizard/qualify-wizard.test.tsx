import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { FAILURE_ALERTS } from "../../../domain/messages";
import type { SubmitResult } from "../../lib/api";
import { QualifyWizard } from "./qualify-wizard";

function ChatStub() {
  return <p>chat {JSON.stringify(useLocation().state)}</p>;
}

function renderWizard(submit: (...args: unknown[]) => Promise<SubmitResult>) {
  const Stub = createRoutesStub([
    { path: "/qualify", Component: () => <QualifyWizard onApply={() => {}} submit={submit} /> },
    { path: "/qualifying-chat", Component: ChatStub },
  ]);
  render(<Stub initialEntries={["/qualify"]} />);
  return userEvent.setup();
}

async function fillAll(user: ReturnType<typeof userEvent.setup>) {
  const next = () => user.click(screen.getByRole("button", { name: /Next/ }));
  expect(screen.getByRole("button", { name: /Next/ })).toBeDisabled();
  expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
  await user.type(screen.getByLabelText("Facility name"), "Sunrise");
  await user.selectOptions(screen.getByLabelText("Facility type"), "Clinic");
  await user.selectOptions(screen.getByLabelText("Location (state)"), "Ohio");
  await next();
  expect(screen.getByRole("heading", { name: "What are your staffing needs?" })).toHaveFocus();
  await user.click(screen.getByRole("button", { name: "LPN" }));
  await user.click(screen.getByRole("radio", { name: "This week" }));
  await user.click(screen.getByRole("button", { name: "3pm-11pm" }));
  await next();
  await user.type(screen.getByLabelText("First name"), "Dana");
  await user.type(screen.getByLabelText("Last name"), "Lee");
  await user.type(screen.getByLabelText("Email"), "dana@example.com");
  await user.type(screen.getByLabelText("Phone number"), "4045550123");
  await user.selectOptions(screen.getByLabelText("How did you hear about us?"), "Google");
  expect(screen.getByRole("button", { name: "Submit & Qualify" })).toBeDisabled();
  await user.click(screen.getByRole("checkbox"));
}

describe("QualifyWizard", () => {
  it("posts the qualify_page lead and navigates with firstName and facilityName", async () => {
    const submit = vi.fn(async (): Promise<SubmitResult> => ({ ok: true, id: "1" }));
    const user = renderWizard(submit);
    await fillAll(user);
    await user.click(screen.getByRole("button", { name: "Submit & Qualify" }));
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({
        form: "qualify_page",
        facilityType: "clinic",
        rolesNeeded: ["LPN"],
        urgency: "this_week",
        shiftTypes: ["3pm-11pm"],
        phone: "(404) 555-0123",
        consentAgreed: true,
        trafficSource: "google",
        companyWebsite: "",
        timestamp: expect.stringMatching(/Z$/),
        formStartedAt: expect.any(Number),
      }),
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    );
    expect(await screen.findByText('chat {"firstName":"Dana","facilityName":"Sunrise"}')).toBeInTheDocument();
  });

  it("on failure alerts, shows the message inline and stays on step 3", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const user = renderWizard(async () => ({ ok: false, status: 500, error: "x", fields: {} }));
    await fillAll(user);
    await user.click(screen.getByRole("button", { name: "Submit & Qualify" }));
    expect(alert).toHaveBeenCalledWith(FAILURE_ALERTS.qualifyPage);
    expect(screen.getByRole("alert")).toHaveTextContent(FAILURE_ALERTS.qualifyPage);
    expect(screen.getByRole("heading", { name: "Almost done!" })).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveValue("dana@example.com");
  });
});
