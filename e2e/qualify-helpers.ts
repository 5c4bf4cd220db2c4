import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Filling the qualification page the way a visitor does: by label and role. */
export const QUALIFY_LEAD = {
  facilityName: "Sunrise Care Center",
  firstName: "Dana",
  lastName: "Whitfield",
  title: "Director of Nursing",
  phoneTyped: "4045550123",
  phoneShown: "(404) 555-0123",
};

export async function fillFacilityStep(page: Page) {
  await page.getByLabel("Facility name").fill(QUALIFY_LEAD.facilityName);
  await page.getByLabel("Facility type").selectOption({ label: "Skilled Nursing Facility" });
  await page.getByLabel("Location (state)").selectOption({ label: "Georgia" });
}

export async function fillNeedsStep(page: Page) {
  await page.getByRole("button", { name: "CNA", exact: true }).click();
  await page.getByRole("button", { name: "RN", exact: true }).click();
  await page.getByRole("radio", { name: "Immediate (within 24 hours)" }).check();
  await page.getByRole("button", { name: "7a-3pm" }).click();
  await page.getByRole("button", { name: "Weekend" }).click();
}

export async function fillContactStep(page: Page, email: string) {
  await page.getByLabel("First name").fill(QUALIFY_LEAD.firstName);
  await page.getByLabel("Last name").fill(QUALIFY_LEAD.lastName);
  await page.getByLabel("Job title").fill(QUALIFY_LEAD.title);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number").fill(QUALIFY_LEAD.phoneTyped);
  await page.getByLabel("How did you hear about us?").selectOption({ label: "LinkedIn" });
  await page.getByRole("checkbox").check();
}

export async function goToContactStep(page: Page) {
  await page.goto("/qualify");
  await fillFacilityStep(page);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "What are your staffing needs?" })).toBeVisible();
  await fillNeedsStep(page);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Almost done!" })).toBeVisible();
}
