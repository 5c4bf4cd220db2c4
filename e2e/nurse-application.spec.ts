import { adminGet, expect, expectNoAxeViolations, test, VIEWPORTS, uniqueEmail } from "./fixtures";
import { TITLE, fillValid, openDialog } from "./nurse-helpers";
import {} from "./qualify-helpers";

test("the dialog opens from the Important Notice and offers the spec's choices", async ({ page }) => {
  const dialog = await openDialog(page);
  await expect(dialog.getByRole("heading", { name: TITLE })).toBeVisible();
  const classifications = await dialog.getByLabel("Classification").locator("option").allTextContents();
  expect(classifications.slice(1)).toEqual(["CNA", "LPN", "RN", "CNA & CMA", "CMA/CMT"]);
  const locations = await dialog.getByLabel("Desired job location").locator("option").allTextContents();
  expect(locations.slice(1)).toHaveLength(52);
  expect(locations).toEqual(expect.arrayContaining(["District of Columbia", "Puerto Rico", "Wyoming"]));
  await expect(dialog.getByLabel(/Message/)).toBeVisible();
});

test("submitting empty shows every message of spec 5.1 beside its field; editing clears one", async ({ page }) => {
  const dialog = await openDialog(page);
  await dialog.getByRole("button", { name: "Submit Application" }).click();
  for (const message of [
    "First name is required",
    "Last name is required",
    "Email is required",
    "Phone number is required",
    "Zip code is required",
    "Classification is required",
    "Desired location is required",
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByLabel("First name")).toBeFocused();
  await expect(dialog.getByLabel("First name")).toHaveAccessibleDescription("First name is required");

  await dialog.getByLabel("First name").fill("M");
  await expect(dialog.getByText("First name is required")).toHaveCount(0);
  await expect(dialog.getByText("Last name is required")).toBeVisible();

  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByLabel("Phone number").fill("555123");
  await dialog.getByRole("button", { name: "Submit Application" }).click();
  await expect(dialog.getByText("Email is invalid", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Please enter a valid 10-digit US phone number", { exact: true })).toBeVisible();
  await expect(dialog.getByLabel("Last name")).toBeFocused();
});

test("the close button, the backdrop and Escape each close it, and focus returns to the opener", async ({ page }) => {
  const opener = page.getByRole("button", { name: "click here to apply" });
  let dialog = await openDialog(page);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  dialog = page.getByRole("dialog", { name: TITLE });
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5); // outside the dialog box: the backdrop
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("First name").click(); // a click inside does not close
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("a valid application is stored and thanked", async ({ page, baseURL }) => {
  const email = uniqueEmail("nurse");
  const dialog = await openDialog(page);
  await fillValid(page, email);
  await dialog.getByRole("button", { name: "Submit Application" }).click();
  await expect(dialog.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  await expect(dialog.getByText(/will be in touch shortly/)).toBeVisible();
  await expect(dialog.getByText(/watch your email and phone/)).toBeVisible();

  const { applications } = await adminGet<{ applications: Record<string, unknown>[] }>(baseURL!, "nurse-applications");
  const stored = applications.find((a) => a.email === email);
  expect(stored).toMatchObject({
    firstName: "Maria",
    lastName: "Lopez",
    phone: "(678) 555-0100",
    zipCode: "30009",
    classification: "CNA & CMA",
    desiredLocation: "Puerto Rico",
    message: "No additional message provided",
    subject: "New Nurse Application: Maria Lopez",
  });

  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  // Opening again starts a fresh form.
  await page.getByRole("button", { name: "click here to apply" }).click();
  await expect(page.getByRole("dialog").getByLabel("First name")).toHaveValue("");
});

test("a failed application alerts and keeps what was typed", async ({ page, consoleErrors }) => {
  await page.route("**/api/nurse-applications", (route) =>
    route.fulfill({ status: 500, json: { error: "Server error" } }),
  );
  const email = uniqueEmail("nurse-fail");
  const dialog = await openDialog(page);
  await fillValid(page, email);
  const alert = new Promise<string>((resolve) =>
    page.once("dialog", async (d) => {
      resolve(d.message());
      await d.accept();
    }),
  );
  await dialog.getByRole("button", { name: "Submit Application" }).click();
  const message = "There was an error submitting your application. Please try again.";
  expect(await alert).toBe(message);
  await expect(dialog.getByRole("alert").filter({ hasText: message })).toBeVisible();
  await expect(dialog.getByLabel("Email")).toHaveValue(email);
  await expect(dialog.getByLabel("Phone number")).toHaveValue("(678) 555-0100");
  await expect(dialog.getByRole("button", { name: "Submit Application" })).toBeEnabled();
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes("status of 500")));
});

test("keyboard only: from click here to apply to Thank You!", async ({ page }) => {
  test.slow();
  await page.goto("/qualify");
  const opener = page.getByRole("button", { name: "click here to apply" });
  for (let i = 0; i < 10 && !(await opener.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(opener).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: TITLE });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.type("Ana");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Reyes");
  await page.keyboard.press("Tab");
  await page.keyboard.type(uniqueEmail("nurse-keys"));
  await page.keyboard.press("Tab");
  await page.keyboard.type("7705550111");
  await page.keyboard.press("Tab");
  await page.keyboard.type("30301");
  await page.keyboard.press("Tab");
  await page.keyboard.type("RN");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Georgia");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Nights preferred.");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Submit Application" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Thank You!" })).toBeFocused();
  // Focus stays inside the open dialog.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`the open dialog, with errors and after success, has no axe violations at ${name}`, async ({ page }) => {
    test.slow(); // several axe runs on a shared machine
    await page.setViewportSize(viewport);
    const dialog = await openDialog(page);
    await expectNoAxeViolations(page, "open");
    await dialog.getByRole("button", { name: "Submit Application" }).click();
    await expect(dialog.getByText("Zip code is required")).toBeVisible();
    await expectNoAxeViolations(page, "with errors");
    await fillValid(page, uniqueEmail("nurse-axe"));
    await dialog.getByRole("button", { name: "Submit Application" }).click();
    await expect(dialog.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expectNoAxeViolations(page, "success");
  });
}
