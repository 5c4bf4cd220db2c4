import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** The nurse application as an applicant fills it: opened from the qualification page's notice. */
export const TITLE = /Talent Network/;

export async function openDialog(page: Page) {
  await page.goto("/qualify");
  await page.getByRole("button", { name: "click here to apply" }).click();
  const dialog = page.getByRole("dialog", { name: TITLE });
  await expect(dialog).toBeVisible();
  return dialog;
}

export async function fillValid(page: Page, email: string) {
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("First name").fill("Maria");
  await dialog.getByLabel("Last name").fill("Lopez");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Phone number").fill("6785550100");
  await dialog.getByLabel("Zip code").fill("30009");
  await dialog.getByLabel("Classification").selectOption("CNA & CMA");
  await dialog.getByLabel("Desired job location").selectOption("Puerto Rico");
}
