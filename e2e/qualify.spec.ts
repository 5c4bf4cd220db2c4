import { expect, test, adminGet, expectNoAxeViolations, VIEWPORTS, uniqueEmail } from "./fixtures";
import { QUALIFY_LEAD, fillContactStep, fillFacilityStep, fillNeedsStep, goToContactStep } from "./qualify-helpers";

interface StoredLead {
  form: string;
  email: string;
  facilityName: string;
  facilityType: string;
  location: string;
  rolesNeeded: string[];
  urgency: string;
  shiftTypes: string[];
  firstName: string;
  lastName: string;
  title: string;
  phone: string;
  consentAgreed: boolean;
  trafficSource: string;
  timestamp: string;
  source: string;
}

test("the header, progress and Important Notice are on every step", async ({ page }) => {
  await page.goto("/qualify");
  await expect(page.getByRole("button", { name: "Back to Home" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Visit/ })).toHaveAttribute("href", /^https?:\/\//);
  const progress = page.getByRole("progressbar");
  await expect(progress).toHaveAttribute("aria-valuenow", "1");
  await expect(page.getByText("Step 1 of 3")).toBeVisible();
  const bar = progress.locator("div");
  expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(255, 98, 0)");

  for (const heading of ["Tell us about your facility", "What are your staffing needs?", "Almost done!"]) {
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Important Notice" })).toBeVisible();
    await expect(page.getByText(/exclusively for healthcare facilities and staffing decision-makers/)).toBeVisible();
    await expect(page.getByText(/Credentials are verified before gift cards are processed/)).toBeVisible();
    await expect(page.getByRole("button", { name: "click here to apply" })).toBeVisible();
    if (heading === "Tell us about your facility") {
      await fillFacilityStep(page);
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page.getByText("Step 2 of 3")).toBeVisible();
    } else if (heading === "What are your staffing needs?") {
      await fillNeedsStep(page);
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page.getByText("Step 3 of 3")).toBeVisible();
      await expect(progress).toHaveAttribute("aria-valuenow", "3");
    }
  }
  await expect(page.getByText(/call you at a time you pick.*chat to qualify instantly/)).toBeVisible();

  await page.getByRole("button", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("step 1 offers the eight facility types and the 50 states", async ({ page }) => {
  await page.goto("/qualify");
  const types = await page.getByLabel("Facility type").locator("option").allTextContents();
  expect(types.slice(1)).toEqual([
    "Hospital",
    "Nursing Home",
    "Assisted Living",
    "Skilled Nursing Facility",
    "Rehabilitation Center",
    "Home Health Agency",
    "Clinic",
    "Other",
  ]);
  const states = await page.getByLabel("Location (state)").locator("option").allTextContents();
  expect(states.slice(1)).toHaveLength(50);
  expect(states).not.toContain("District of Columbia");
});

test("gating: Next and Submit stay disabled until each step is complete; Previous is disabled on step 1", async ({
  page,
}) => {
  await page.goto("/qualify");
  const next = page.getByRole("button", { name: "Next" });
  await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
  await expect(next).toBeDisabled();
  await page.getByLabel("Facility name").fill("Sunrise");
  await expect(next).toBeDisabled();
  await page.getByLabel("Facility type").selectOption({ label: "Clinic" });
  await expect(next).toBeDisabled();
  await page.getByLabel("Facility name").fill("   ");
  await page.getByLabel("Location (state)").selectOption({ label: "Ohio" });
  await expect(next).toBeDisabled();
  await page.getByLabel("Facility name").fill("Sunrise");
  await expect(next).toBeEnabled();
  // No inline validation messages on this page (spec 5.4).
  await expect(page.getByText(/is required/)).toHaveCount(0);
  await next.click();

  await expect(next).toBeDisabled();
  await expect(page.getByRole("button", { name: "Previous" })).toBeEnabled();
  const cna = page.getByRole("button", { name: "CNA", exact: true });
  await cna.click();
  await expect(cna).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("radio", { name: "Next week" }).check();
  await expect(next).toBeDisabled();
  await page.getByRole("button", { name: "11pm-7am" }).click();
  await expect(next).toBeEnabled();
  await cna.click();
  await expect(cna).toHaveAttribute("aria-pressed", "false");
  await expect(next).toBeDisabled();
  await cna.click();
  await next.click();

  const submit = page.getByRole("button", { name: "Submit & Qualify" });
  await expect(submit).toBeDisabled();
  await fillContactStep(page, uniqueEmail("gating"));
  await expect(submit).toBeEnabled();
  await page.getByLabel("Job title").fill("");
  await expect(submit).toBeEnabled(); // the title is optional
  await page.getByRole("checkbox").uncheck();
  await expect(submit).toBeDisabled();
  await page.getByRole("checkbox").check();
  await page.getByLabel("Phone number").fill("404555");
  await expect(page.getByLabel("Phone number")).toHaveValue("(404) 555");
  await expect(submit).toBeDisabled();
  await page.getByLabel("Phone number").fill("404555012399");
  await expect(page.getByLabel("Phone number")).toHaveValue(QUALIFY_LEAD.phoneShown);
  await expect(submit).toBeEnabled();

  // Previous keeps what was chosen.
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByRole("button", { name: "11pm-7am" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByLabel("Facility name")).toHaveValue("Sunrise");
});

test("a successful submit stores the lead and opens /qualifying-chat with the greeting", async ({ page, baseURL }) => {
  const email = uniqueEmail("qualify");
  await goToContactStep(page);
  await fillContactStep(page, email);
  const request = page.waitForRequest("**/api/leads");
  await page.getByRole("button", { name: "Submit & Qualify" }).click();
  const sent = (await request).postDataJSON() as Record<string, unknown>;
  expect(sent.form).toBe("qualify_page");
  expect(sent.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  expect(sent.consentAgreed).toBe(true);
  expect(sent.trafficSource).toBe("linkedin");
  expect(typeof sent.formStartedAt).toBe("number");
  expect((await request).headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);

  await expect(page).toHaveURL(/\/qualifying-chat$/);
  await expect(page.getByRole("heading", { level: 1, name: `Thank you, ${QUALIFY_LEAD.firstName}!` })).toBeVisible();
  // The page's own sentence (the chat below greets with the facility's name too).
  await expect(page.getByText(`We have received the details for ${QUALIFY_LEAD.facilityName}.`)).toBeVisible();

  const { leads } = await adminGet<{ leads: StoredLead[] }>(baseURL!, "leads");
  const lead = leads.find((l) => l.email === email);
  expect(lead).toMatchObject({
    form: "qualify_page",
    facilityName: QUALIFY_LEAD.facilityName,
    facilityType: "skilled_nursing",
    location: "Georgia",
    rolesNeeded: ["CNA", "RN"],
    urgency: "immediate",
    shiftTypes: ["7a-3pm", "Weekend"],
    firstName: QUALIFY_LEAD.firstName,
    lastName: QUALIFY_LEAD.lastName,
    title: QUALIFY_LEAD.title,
    phone: QUALIFY_LEAD.phoneShown,
    consentAgreed: true,
    trafficSource: "linkedin",
    source: "qualify_page",
  });
});

test("a failed submit alerts, stays on step 3 and keeps everything", async ({ page, consoleErrors }) => {
  await page.route("**/api/leads", (route) => route.fulfill({ status: 500, json: { error: "Server error" } }));
  const email = uniqueEmail("fail");
  await goToContactStep(page);
  await fillContactStep(page, email);
  const dialog = new Promise<string>((resolve) =>
    page.once("dialog", async (d) => {
      resolve(d.message());
      await d.accept();
    }),
  );
  await page.getByRole("button", { name: "Submit & Qualify" }).click();
  const message = "There was an error submitting your information. Please try again.";
  expect(await dialog).toBe(message);
  await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Almost done!" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Phone number")).toHaveValue(QUALIFY_LEAD.phoneShown);
  await expect(page.getByRole("checkbox")).toBeChecked();
  await expect(page.getByRole("button", { name: "Submit & Qualify" })).toBeEnabled();
  // The browser logs the failed request itself.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes("status of 500")));
});

test("while posting, the submit button reads Submitting... and is disabled", async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/leads", async (route) => {
    await held;
    await route.continue();
  });
  await goToContactStep(page);
  await fillContactStep(page, uniqueEmail("slow"));
  await page.getByRole("button", { name: "Submit & Qualify" }).click();
  const busy = page.getByRole("button", { name: "Submitting..." });
  await expect(busy).toBeDisabled();
  await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/qualifying-chat$/);
});

test("keyboard only: from step 1 to /qualifying-chat", async ({ page }) => {
  test.slow();
  await page.goto("/qualify");
  const facilityName = page.getByLabel("Facility name");
  for (let i = 0; i < 10 && !(await facilityName.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(facilityName).toBeFocused();
  await page.keyboard.type("Keyboard Care");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Hospital"); // a focused select takes typed letters
  await page.keyboard.press("Tab");
  await page.keyboard.type("Texas");
  await page.keyboard.press("Tab"); // Previous is disabled on step 1: straight to Next
  await expect(page.getByRole("button", { name: "Next" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "What are your staffing needs?" })).toBeFocused();

  await page.keyboard.press("Tab"); // CNA
  await page.keyboard.press("Space");
  await expect(page.getByRole("button", { name: "CNA", exact: true })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Tab"); // LPN
  await page.keyboard.press("Tab"); // RN
  await page.keyboard.press("Tab"); // urgency radio group
  await page.keyboard.press("Space");
  await expect(page.getByRole("radio", { name: "Immediate (within 24 hours)" })).toBeChecked();
  await page.keyboard.press("Tab"); // 7a-3pm
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab"); // 3pm-11pm
  await page.keyboard.press("Tab"); // 11pm-7am
  await page.keyboard.press("Tab"); // Weekend
  await page.keyboard.press("Tab"); // Previous
  await page.keyboard.press("Tab"); // Next
  await expect(page.getByRole("button", { name: "Next" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Almost done!" })).toBeFocused();

  await page.keyboard.press("Tab");
  await page.keyboard.type("Kim");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Lee");
  await page.keyboard.press("Tab"); // title (optional)
  await page.keyboard.press("Tab");
  await page.keyboard.type(uniqueEmail("keys"));
  await page.keyboard.press("Tab");
  await page.keyboard.type("4045550199");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Google");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox")).toBeChecked();
  await page.keyboard.press("Tab"); // Previous
  await page.keyboard.press("Tab"); // Submit & Qualify
  await expect(page.getByRole("button", { name: "Submit & Qualify" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/qualifying-chat$/);
  await expect(page.getByRole("heading", { level: 1, name: "Thank you, Kim!" })).toBeVisible();
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`every step of /qualify has no axe violations at ${name}`, async ({ page }) => {
    test.slow(); // several axe runs on a shared machine
    await page.setViewportSize(viewport);
    await page.goto("/qualify");
    await expectNoAxeViolations(page, "step 1");
    await fillFacilityStep(page);
    await page.getByRole("button", { name: "Next" }).click();
    await expectNoAxeViolations(page, "step 2 empty");
    await fillNeedsStep(page);
    await expectNoAxeViolations(page, "step 2 filled");
    await page.getByRole("button", { name: "Next" }).click();
    await expectNoAxeViolations(page, "step 3 empty");
    await fillContactStep(page, uniqueEmail("axe"));
    await expectNoAxeViolations(page, "step 3 filled");
  });
}
