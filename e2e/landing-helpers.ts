import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Shared steps of the landing-page journeys: what a visitor fills in, by label. */

export const LEAD_FORM = "form[aria-label='Request your staffing demo']";

export async function openLanding(page: Page, path = "/") {
  await page.goto(path);
  await expect(page.locator(`${LEAD_FORM}[data-ready]`)).toBeAttached();
}

export async function fillFacilityStep(page: Page, facilityName = "Sunrise Care Center") {
  await page.getByLabel("Facility name").fill(facilityName);
  await page.getByLabel("Facility type").selectOption({ label: "Nursing Home" });
  await page.getByLabel("Location (state)").selectOption("Georgia");
}

export async function fillNeedsStep(page: Page) {
  await page.getByRole("button", { name: "CNA", exact: true }).click();
  await page.getByRole("button", { name: "RN", exact: true }).click();
  await page.getByLabel("Urgency: how soon do you need staff?").selectOption({ label: "Immediate (within 24 hours)" });
  await page.getByRole("button", { name: "Night Shift" }).click();
}

export async function fillContactStep(page: Page, email: string, source: string | null = "Google") {
  await page.getByLabel("First name").fill("Ana");
  await page.getByLabel("Last name").fill("Diaz");
  await page.getByLabel("Job title").fill("Director of Nursing");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number").pressSequentially("5551234567");
  if (source) await page.getByLabel("How did you hear about us?").selectOption({ label: source });
  await page.getByRole("checkbox", { name: /I agree to receive SMS/ }).check();
}

export const next = (page: Page) => page.getByRole("button", { name: "Next" });
export const submit = (page: Page) => page.getByRole("button", { name: "Submit & Get Demo" });

export async function goToContactStep(page: Page) {
  await fillFacilityStep(page);
  await next(page).click();
  await fillNeedsStep(page);
  await next(page).click();
}

/** The server stores a form sent within 3 s of being shown as spam (answered like a success). A person takes longer. */
export async function waitLikeAPerson(page: Page, shownAt: number) {
  await page.waitForTimeout(Math.max(0, 3_500 - (Date.now() - shownAt)));
}
