import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expect } from "./fixtures";

/** What a journey keeps of an account's second factor, as a person keeps their phone and printout. */
export interface SecondFactor {
  secret: string;
  recoveryCodes: string[];
}

/** The code an authenticator app shows for a key, `stepsAhead` 30-second steps from now (a step's code is taken once). */
export const codeOf = (secret: string, stepsAhead = 0) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

/** On the set-up screen: reads the key as a person would type it, confirms with a code, keeps the recovery codes. */
export async function enrolInPage(page: Page): Promise<SecondFactor> {
  await expect(page.getByRole("heading", { name: "Set up a second factor" })).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code holding the key for your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("second-factor-key").innerText()).replace(/\s+/g, "");
  await page.getByLabel("Code from the app").fill(codeOf(secret));
  await page.getByRole("button", { name: "Turn on the second factor" }).click();
  await expect(page.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
  const recoveryCodes = await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allInnerTexts();
  expect(recoveryCodes).toHaveLength(10);
  return { secret, recoveryCodes };
}
