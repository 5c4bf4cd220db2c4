import { MESSAGES } from "../src/domain/messages";
import { adminGet, expect, test, uniqueEmail } from "./fixtures";
import {
  LEAD_FORM,
  fillContactStep,
  fillFacilityStep,
  fillNeedsStep,
  goToContactStep,
  next,
  openLanding,
  submit,
  waitLikeAPerson,
} from "./landing-helpers";

interface StoredLead {
  email: string;
  form: string;
  facilityName: string;
  rolesNeeded: string[];
  shiftTypes: string[];
  phone: string;
  trafficSource: string;
  title: string;
  source: string;
  userAgent: string | null;
  url: string | null;
  utm: Record<string, string>;
}

test("a facility completes the three steps and the lead is stored", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("success");
  const shownAt = Date.now();
  await openLanding(page, "/?utm_source=newsletter&utm_campaign=e2e-spring");
  const progress = page.getByRole("progressbar");
  await expect(progress).toHaveAttribute("aria-valuenow", "1");
  await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
  await expect(next(page)).toBeDisabled();

  await fillFacilityStep(page);
  await expect(next(page)).toBeEnabled();
  await next(page).click();
  await expect(progress).toHaveAttribute("aria-valuenow", "2");
  await expect(next(page)).toBeDisabled();
  await fillNeedsStep(page);
  await expect(page.getByRole("button", { name: "RN", exact: true })).toHaveAttribute("aria-pressed", "true");
  await next(page).click();
  await expect(progress).toHaveAttribute("aria-valuenow", "3");

  await fillContactStep(page, email);
  await waitLikeAPerson(page, shownAt);
  await submit(page).click();

  const panel = page.getByRole("region", { name: /thank you/i });
  await expect(panel).toBeFocused();
  await expect(page.locator(LEAD_FORM)).toHaveCount(0);
  await expect(panel.getByRole("link", { name: "Claim Your $50 Demo" })).toHaveAttribute("href", "/voice-agent");

  const { leads } = await adminGet<{ leads: StoredLead[] }>(baseURL!, "leads");
  const lead = leads.find((l) => l.email === email);
  expect(lead).toMatchObject({
    form: "homepage_form",
    facilityName: "Sunrise Care Center",
    rolesNeeded: ["CNA", "RN"],
    shiftTypes: ["Night Shift"],
    phone: "(555) 123-4567",
    trafficSource: "google",
    title: "Director of Nursing",
    source: "homepage_form",
    utm: { utm_source: "newsletter", utm_campaign: "e2e-spring" },
  });
  expect(lead?.url).toContain("utm_campaign=e2e-spring");
  expect(lead?.userAgent).toBeTruthy();

  // The draft is gone: a reload starts afresh.
  await page.reload();
  await expect(page.locator(`${LEAD_FORM}[data-ready]`)).toBeAttached();
  await expect(page.getByLabel("Facility name")).toHaveValue("");
});

test.describe("the messages of spec 5.3", () => {
  test("step 1: shown when Next is pressed on an incomplete step, beside each field and in a focused summary", async ({
    page,
  }) => {
    await openLanding(page);
    const summary = page.getByRole("alert");
    // Next is aria-disabled, not inert: pressing it explains what is missing.
    await next(page).focus();
    await page.keyboard.press("Enter");
    await expect(summary).toBeFocused();
    for (const [label, message] of [
      ["Facility name", MESSAGES.facilityNameRequired],
      ["Facility type", MESSAGES.facilityTypeRequired],
      ["Location (state)", MESSAGES.locationRequired],
    ] as const) {
      await expect(page.getByLabel(label)).toHaveAccessibleDescription(message);
      await expect(summary.getByRole("link", { name: message })).toBeVisible();
    }
    await page.getByLabel("Facility name").fill("   ");
    await expect(page.getByLabel("Facility name")).not.toHaveAccessibleDescription(MESSAGES.facilityNameRequired);
    await expect(next(page)).toBeDisabled(); // whitespace-only counts as empty
    await summary.getByRole("link", { name: MESSAGES.locationRequired }).click();
    await expect(page.getByLabel("Location (state)")).toBeFocused();
  });

  test("step 2: roles, urgency and shift types", async ({ page }) => {
    await openLanding(page);
    await fillFacilityStep(page);
    await next(page).click();
    await next(page).focus();
    await page.keyboard.press("Enter");
    const summary = page.getByRole("alert");
    await expect(summary).toBeFocused();
    for (const message of [MESSAGES.rolesRequired, MESSAGES.urgencyRequired, MESSAGES.shiftTypesRequired]) {
      await expect(page.locator("form").getByText(message, { exact: true }).last()).toBeVisible();
      await expect(summary.getByRole("link", { name: message })).toBeVisible();
    }
    await expect(page.getByRole("group", { name: "Roles needed" })).toHaveAccessibleDescription(MESSAGES.rolesRequired);
    await summary.getByRole("link", { name: MESSAGES.shiftTypesRequired }).click();
    await expect(page.getByRole("button", { name: "Day Shift" })).toBeFocused();
    await page.getByRole("button", { name: "Day Shift" }).click();
    await expect(summary.getByRole("link", { name: MESSAGES.shiftTypesRequired })).toHaveCount(0);
  });

  test("step 3: every contact message on submit; editing a field clears its own error only", async ({ page }) => {
    test.setTimeout(60_000);
    await openLanding(page);
    await goToContactStep(page);
    const summary = page.getByRole("alert");
    await page.getByLabel("First name").fill("  ");
    await submit(page).click();
    await expect(summary).toBeFocused();
    for (const [label, message] of [
      ["First name", MESSAGES.firstNameRequired],
      ["Last name", MESSAGES.lastNameRequired],
      ["Email", MESSAGES.emailRequired],
      ["Phone number", MESSAGES.phoneRequired],
      ["How did you hear about us?", MESSAGES.trafficSourceRequired],
    ] as const) {
      await expect(page.getByLabel(label)).toHaveAccessibleDescription(message);
    }
    await expect(page.getByRole("checkbox")).toHaveAccessibleDescription(MESSAGES.consentRequired);

    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Phone number").fill("555123");
    await submit(page).click();
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription(MESSAGES.emailInvalid);
    await expect(page.getByLabel("Phone number")).toHaveAccessibleDescription(MESSAGES.phoneInvalid);

    await page.getByLabel("Email").fill("ana@example.com");
    await expect(page.getByLabel("Email")).not.toHaveAccessibleDescription(MESSAGES.emailInvalid);
    await expect(page.getByLabel("Phone number")).toHaveAccessibleDescription(MESSAGES.phoneInvalid);

    await summary.getByRole("link", { name: MESSAGES.trafficSourceRequired }).click();
    await expect(page.getByLabel("How did you hear about us?")).toBeFocused();
  });
});

test("the phone number keeps digits only, at most 10, as (XXX) XXX-XXXX", async ({ page }) => {
  await openLanding(page);
  await goToContactStep(page);
  const phone = page.getByLabel("Phone number");
  await phone.pressSequentially("555");
  await expect(phone).toHaveValue("(555");
  await phone.pressSequentially("12a3-4");
  await expect(phone).toHaveValue("(555) 123-4");
  await phone.pressSequentially("5678999");
  await expect(phone).toHaveValue("(555) 123-4567");
  await expect(phone).toHaveAttribute("maxlength", "14");
});

test("when the API fails the visitor is sent to /qualifying-chat with firstName and facilityName", async ({
  page,
  consoleErrors,
}) => {
  await page.route("**/api/leads", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"boom"}' }),
  );
  await openLanding(page);
  await goToContactStep(page);
  await fillContactStep(page, "ana@example.com");
  await submit(page).click();

  await expect(page).toHaveURL(/\/qualifying-chat$/);
  const state = await page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr);
  expect(state).toEqual({ firstName: "Ana", facilityName: "Sunrise Care Center" });

  // The expected log (and the browser's own note of the 500), and no personal data in it.
  expect(consoleErrors.join("\n")).not.toMatch(/Ana|Diaz|ana@example\.com|555/);
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((e) => !/Homepage lead submission failed|status of 500/.test(e)),
  );
});

test("a utm_source matching a traffic source preselects it; the visitor can change it", async ({ page }) => {
  await openLanding(page, "/?utm_source=linkedin&utm_medium=paid");
  await goToContactStep(page);
  const source = page.getByLabel("How did you hear about us?");
  await expect(source).toHaveValue("linkedin");
  await source.selectOption({ label: "Referral" });
  await expect(source).toHaveValue("referral");
});

test("a refresh in the middle of the form keeps what was typed", async ({ page }) => {
  await openLanding(page);
  await fillFacilityStep(page, "Draft Care Home");
  await next(page).click();
  await page.getByRole("button", { name: "LPN" }).click();
  await page.reload();
  await expect(page.locator(`${LEAD_FORM}[data-ready]`)).toBeAttached();
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "2");
  await expect(page.getByRole("button", { name: "LPN" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByLabel("Facility name")).toHaveValue("Draft Care Home");
});
