import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "../../../domain/messages";
import { submitLead } from "../../lib/api";
import { trackEvent } from "../../lib/analytics";
import type * as Analytics from "../../lib/analytics";
import { HOMEPAGE_DRAFT_KEY } from "./homepage-draft";
import { HomepageForm } from "./homepage-form";

vi.mock("../../lib/api", () => ({ submitLead: vi.fn() }));
vi.mock("../../lib/analytics", async (importOriginal) => ({
  ...(await importOriginal<typeof Analytics>()),
  trackEvent: vi.fn(),
}));

function ChatStub() {
  const location = useLocation();
  return <p>chat page {JSON.stringify(location.state)}</p>;
}

function renderForm(path = "/") {
  const Stub = createRoutesStub([
    { path: "/", Component: HomepageForm },
    { path: "/qualifying-chat", Component: ChatStub },
  ]);
  window.history.replaceState(null, "", path);
  return { user: userEvent.setup(), ...render(<Stub initialEntries={[path]} />) };
}

type User = ReturnType<typeof userEvent.setup>;
const next = () => screen.getByRole("button", { name: "Next" });

async function fillSteps1And2(user: User) {
  await user.type(screen.getByLabelText("Facility name"), "Sunrise Care");
  await user.selectOptions(screen.getByLabelText("Facility type"), "nursing_home");
  await user.selectOptions(screen.getByLabelText("Location (state)"), "Georgia");
  await user.click(next());
  await user.click(screen.getByRole("button", { name: "RN" }));
  await user.selectOptions(screen.getByLabelText("Urgency: how soon do you need staff?"), "immediate");
  await user.click(screen.getByRole("button", { name: "Night Shift" }));
  await user.click(next());
}

async function fillStep3(user: User) {
  await user.type(screen.getByLabelText("First name"), "Ana");
  await user.type(screen.getByLabelText("Last name"), "Diaz");
  await user.type(screen.getByLabelText("Email"), "ana@example.com");
  await user.type(screen.getByLabelText("Phone number"), "5551234567");
  await user.selectOptions(screen.getByLabelText("How did you hear about us?"), "google");
  await user.click(screen.getByRole("checkbox"));
}

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(submitLead).mockReset();
  vi.mocked(trackEvent).mockReset();
});
afterEach(() => vi.restoreAllMocks());

describe("HomepageForm", () => {
  it("gates Next with aria-disabled; activating it shows the step's messages in a focused summary", async () => {
    const { user } = renderForm();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "1");
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    expect(next()).toHaveAttribute("aria-disabled", "true");

    await user.click(next());
    // The validators load on first need (a separate chunk), so the summary arrives a tick later.
    const summary = await screen.findByRole("alert");
    await waitFor(() => expect(summary).toHaveFocus());
    expect(summary).toHaveTextContent(MESSAGES.facilityNameRequired);
    expect(screen.getByLabelText("Facility name")).toHaveAccessibleDescription(MESSAGES.facilityNameRequired);
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "1");

    await user.type(screen.getByLabelText("Facility name"), "S");
    expect(screen.getByLabelText("Facility name")).not.toHaveAccessibleDescription(MESSAGES.facilityNameRequired);
  });

  it("posts the lead with its context and shows the focused Thank You panel", async () => {
    vi.mocked(submitLead).mockResolvedValue({ ok: true, id: "lead-1" });
    const { user } = renderForm("/?utm_source=LinkedIn&utm_campaign=spring");
    await fillSteps1And2(user);
    expect(screen.getByLabelText("First name")).toHaveFocus();
    expect(screen.getByLabelText("How did you hear about us?")).toHaveValue("linkedin");
    await fillStep3(user);
    expect(screen.getByLabelText("Phone number")).toHaveValue("(555) 123-4567");
    await user.click(screen.getByRole("button", { name: "Submit & Get Demo" }));

    const panel = await screen.findByRole("region", { name: /thank you/i });
    expect(panel).toHaveFocus();
    expect(screen.getByRole("link", { name: "Claim Your $50 Demo" })).toHaveAttribute("href", "/voice-agent");
    expect(trackEvent).toHaveBeenCalledWith("lead_created", { source: "homepage_form" });
    expect(sessionStorage.getItem(HOMEPAGE_DRAFT_KEY)).toBeNull();

    const [body, key] = vi.mocked(submitLead).mock.calls[0]!;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(body).toMatchObject({
      form: "homepage_form",
      source: "homepage_form",
      facilityName: "Sunrise Care",
      location: "Georgia",
      rolesNeeded: ["RN"],
      shiftTypes: ["Night Shift"],
      phone: "(555) 123-4567",
      trafficSource: "google", // preselected from utm_source, then changed by the visitor
      consentAgreed: true,
      utm: { utm_source: "LinkedIn", utm_campaign: "spring" },
      companyWebsite: "",
    });
    expect(body).toHaveProperty("formStartedAt", expect.any(Number));
    expect(body).toHaveProperty("timestamp", expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(body).toHaveProperty("url", expect.stringContaining("utm_source=LinkedIn"));
  });

  it("on failure logs without personal data and goes to /qualifying-chat with firstName and facilityName", async () => {
    vi.mocked(submitLead).mockResolvedValue({ ok: false, status: 500, error: "Submission failed", fields: {} });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderForm();
    await fillSteps1And2(user);
    await fillStep3(user);
    await user.click(screen.getByRole("button", { name: "Submit & Get Demo" }));

    expect(await screen.findByText(/chat page/)).toHaveTextContent('{"firstName":"Ana","facilityName":"Sunrise Care"}');
    expect(log).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(log.mock.calls)).not.toMatch(/Ana|Diaz|example\.com|555/);
    expect(trackEvent).not.toHaveBeenCalled();
  });

  it("collects every step 3 message on submit; a summary link goes back to the field's step", async () => {
    const { user } = renderForm();
    await fillSteps1And2(user);
    await user.click(screen.getByRole("button", { name: "Submit & Get Demo" }));
    const summary = screen.getByRole("alert");
    expect(summary).toHaveFocus();
    for (const message of [
      MESSAGES.firstNameRequired,
      MESSAGES.lastNameRequired,
      MESSAGES.emailRequired,
      MESSAGES.phoneRequired,
      MESSAGES.trafficSourceRequired,
      MESSAGES.consentRequired,
    ]) {
      expect(screen.getByRole("link", { name: message })).toBeInTheDocument();
    }
    expect(submitLead).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Previous" }));
    await user.click(screen.getByRole("button", { name: "RN" }));
    await user.click(next());
    expect(screen.getByRole("link", { name: MESSAGES.rolesRequired })).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: MESSAGES.rolesRequired }));
    expect(screen.getByRole("button", { name: "CNA" })).toHaveFocus();
  });

  it("restores a draft from sessionStorage after hydration", async () => {
    sessionStorage.setItem(
      HOMEPAGE_DRAFT_KEY,
      JSON.stringify({
        values: { facilityName: "Saved Care", rolesNeeded: ["CNA"], bogus: 1 },
        step: 2,
        formStartedAt: 1,
      }),
    );
    renderForm();
    await waitFor(() => expect(screen.getByRole("button", { name: "CNA" })).toHaveAttribute("aria-pressed", "true"));
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "2");
  });
});
