import type { Page } from "@playwright/test";
import { expect, uniqueEmail } from "./fixtures";
import { fillContactStep, goToContactStep } from "./qualify-helpers";

/** Finishing the qualification chat the way a visitor does: by the roles and names on screen. */

export const chatRegion = (page: Page) => page.getByRole("region", { name: "Text chat" });
export const chatLog = (page: Page) => page.getByRole("log", { name: "Qualification chat" });
/** The chat's end: the outcome and the next steps, in the page below the chat's box. */
export const chatEnd = (page: Page, outcome = "You qualify for the $50 card") =>
  page.getByRole("region", { name: outcome });

/** Presses a quick reply of a named group. */
export async function reply(page: Page, group: string, option: string) {
  const button = chatRegion(page)
    .getByRole("group", { name: group })
    .getByRole("button", { name: option, exact: true });
  await button.click();
}

/** Types an answer into the labelled input and sends it. */
export async function type(page: Page, label: string, text: string) {
  const region = chatRegion(page);
  await region.getByLabel(label, { exact: true }).fill(text);
  await region.getByRole("button", { name: "Send", exact: true }).click();
}

/** After the role: the questions every facility contact answers. */
export async function answerFacilityQuestions(page: Page) {
  await reply(page, "Facility size", "100–199 beds or residents");
  await reply(page, "How shifts are filled today", "Agency");
  await reply(page, "Open shifts per month", "30–59");
  await type(page, "Your biggest staffing challenge", "Night shift call-outs");
  await reply(page, "Best time for our call", "Afternoon");
}

export async function finishAsDecisionMaker(page: Page) {
  await reply(page, "Your role", "Director of Nursing");
  await answerFacilityQuestions(page);
  await chatRegion(page).getByRole("button", { name: "Use the e-mail address I gave you" }).click();
  // The chat's end in the page, below the chat's box.
  await expect(chatEnd(page)).toBeVisible();
  await expect(
    chatEnd(page).getByText(
      /\$50 Visa gift card is emailed or sent within one day after role verification, plus \$250 after the first filled shift/,
    ),
  ).toBeVisible();
}

/** The lead as operators see it (admin API), by e-mail. */
/** Sends the qualification page (a new lead) and lands in the chat on /qualifying-chat; returns the lead's e-mail. */
export async function startChatFromQualifyPage(page: Page, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  await goToContactStep(page);
  await fillContactStep(page, email);
  await page.getByRole("button", { name: "Submit & Qualify" }).click();
  await expect(page).toHaveURL(/\/qualifying-chat$/);
  return email;
}
