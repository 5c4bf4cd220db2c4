import { expect, expectNoAxeViolations, storedLead, test, uniqueEmail, VIEWPORTS } from "./fixtures";
import {
  LEAD_FORM,
  fillContactStep as fillLandingContact,
  goToContactStep as goToLandingContact,
  openLanding,
  submit as landingSubmit,
  waitLikeAPerson,
} from "./landing-helpers";
import { QUALIFY_LEAD } from "./qualify-helpers";
import {
  answerFacilityQuestions,
  chatEnd,
  chatLog,
  chatRegion,
  finishAsDecisionMaker,
  reply,
  startChatFromQualifyPage,
  type,
} from "./qualification-helpers";

/**
 * Our text qualification chat (decision 0011), in the default build (no widget configured): from
 * each form to a finished chat, once per outcome, with axe at every state.
 */

test("from the qualification page to 'You qualify for the $50 card', greeted by name, the lead then shows as qualified", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const email = await startChatFromQualifyPage(page, "chat-qualified");
  const log = chatLog(page);
  await expect(
    log.getByText(
      `Hi ${QUALIFY_LEAD.firstName}! Let's qualify ${QUALIFY_LEAD.facilityName} for the $50 Visa gift card.`,
    ),
  ).toBeVisible();
  await expect(log.getByText("First, what is your role?")).toBeVisible();
  await expectNoAxeViolations(page, "first question");

  await reply(page, "Your role", "Director of Nursing");
  await expect(log.getByText("How large is your facility?")).toBeVisible();
  await answerFacilityQuestions(page);
  await expect(log.getByText("Which e-mail address should receive your $50 Visa gift card?")).toBeVisible();
  await type(page, "Gift card e-mail address", "not-an-email");
  await expect(chatRegion(page).getByRole("alert")).toHaveText("Email is invalid");
  await expectNoAxeViolations(page, "an invalid answer");
  await type(page, "Gift card e-mail address", "cards@sunrise.example");
  await expect(chatEnd(page)).toBeVisible();
  await expect(
    chatEnd(page).getByText(
      /emailed or sent within one day after role verification, plus \$250 after the first filled shift/,
    ),
  ).toBeVisible();
  await expect(chatRegion(page).getByRole("group")).toHaveCount(0);
  await expectNoAxeViolations(page, "qualified");

  const lead = await storedLead(baseURL!, email);
  expect(lead).toMatchObject({ form: "qualify_page", qualificationStatus: "qualified", qualificationChannel: "chat" });
  expect(lead!.qualificationAnswers).toContain("Your role: Director of Nursing");
  expect(lead!.qualificationAnswers).toContain("Gift card e-mail address: cards@sunrise.example");
});

test("from the landing form to 'You qualify for the $50 card' in the chat on /voice-agent", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const email = uniqueEmail("chat-landing");
  await openLanding(page);
  const shownAt = Date.now();
  await goToLandingContact(page);
  await fillLandingContact(page, email);
  await waitLikeAPerson(page, shownAt);
  await landingSubmit(page).click();
  await page
    .locator(LEAD_FORM)
    .page()
    .getByRole("link", { name: /Claim Your \$50 Demo/ })
    .click();
  await expect(page).toHaveURL(/\/voice-agent$/);
  const log = chatLog(page);
  await expect(
    log.getByText("Hi Ana! Let's qualify Sunrise Care Center for the $50 Visa gift card.", { exact: false }),
  ).toBeVisible();

  await finishAsDecisionMaker(page);
  await expectNoAxeViolations(page, "qualified from the landing form");
  expect(await storedLead(baseURL!, email)).toMatchObject({ form: "homepage_form", qualificationStatus: "qualified" });
});

test("a nurse looking for work is offered the Talent Network application, which opens the nurse dialog", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const email = await startChatFromQualifyPage(page, "chat-nurse");
  await reply(page, "Your role", "I'm a nurse looking for work");
  const log = chatLog(page);
  await expect(log.getByText("Looking for work? Join our Talent Network!")).toBeVisible();
  await expectNoAxeViolations(page, "nurse outcome");
  await log.getByRole("button", { name: "Apply to our Talent Network" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Zip code")).toBeVisible();
  await expectNoAxeViolations(page, "nurse dialog");
  expect(await storedLead(baseURL!, email)).toMatchObject({ qualificationStatus: "nurse" });
});

test("an earlier answer can be changed before the end", async ({ page }) => {
  test.slow();
  await startChatFromQualifyPage(page, "chat-change");
  await reply(page, "Your role", "Administrator");
  await reply(page, "Facility size", "Fewer than 50 beds or residents");
  const log = chatLog(page);
  await log.getByRole("button", { name: "Change your answer: Facility size" }).click();
  await expect(log.getByText("Sure, let's change that.")).toBeVisible();
  await reply(page, "Facility size", "200 or more beds or residents");
  await expect(log.getByText("200 or more beds or residents")).toBeVisible();
  await expect(log.getByText("Fewer than 50 beds or residents")).toHaveCount(0);
  await expect(log.getByText("How do you fill open shifts today?")).toBeVisible();
});

test("a refresh halfway resumes where it stopped; another role is told the offer is for decision-makers", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const email = await startChatFromQualifyPage(page, "chat-resume");
  await reply(page, "Your role", "Other");
  await type(page, "Your title", "Charge Nurse");
  await reply(page, "Facility size", "50–99 beds or residents");
  await expect(chatLog(page).getByText("How do you fill open shifts today?")).toBeVisible();

  await page.reload();
  const log = chatLog(page);
  await expect(log.getByText("Charge Nurse")).toBeVisible();
  await expect(log.getByText("50–99 beds or residents")).toBeVisible();
  await expect(chatRegion(page).getByRole("group", { name: "How shifts are filled today" })).toBeVisible();
  await reply(page, "How shifts are filled today", "In-house float pool");
  await reply(page, "Open shifts per month", "Fewer than 10");
  await chatRegion(page).getByRole("button", { name: "Skip this question" }).click();
  await reply(page, "Best time for our call", "Morning");
  const ending = chatEnd(page, "Thank you for your answers!");
  await expect(ending).toBeVisible();
  await expect(
    ending.getByText(
      /The gift-card offer is for directors of nursing, schedulers and administrators\. Our team will still call you/,
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page, "not a decision-maker");
  expect(await storedLead(baseURL!, email)).toMatchObject({
    form: "qualify_page",
    qualificationStatus: "not_decision_maker",
  });
});

test("a failed request keeps the answer and sends it again", async ({ page, consoleErrors }) => {
  test.slow();
  await startChatFromQualifyPage(page, "chat-retry");
  await reply(page, "Your role", "Administrator");
  await expect(chatLog(page).getByText("How large is your facility?")).toBeVisible();

  let failures = 0;
  await page.route("**/api/qualification/answers", (route) =>
    failures++ === 0 ? route.abort("connectionrefused") : route.continue(),
  );
  await reply(page, "Facility size", "50–99 beds or residents");
  const region = chatRegion(page);
  await expect(region.getByText("Your answer was not sent. Check your connection and send it again.")).toBeVisible();
  await expect(chatLog(page).getByText("50–99 beds or residents")).toBeVisible();
  await expect(chatLog(page).getByText("(Not sent yet)")).toBeVisible();
  const again = region.getByRole("button", { name: "Send again" });
  await expect(again).toBeFocused();
  await expectNoAxeViolations(page, "failed send");
  await again.click();
  await expect(chatLog(page).getByText("How do you fill open shifts today?")).toBeVisible();
  await expect(chatLog(page).getByText("(Not sent yet)")).toHaveCount(0);
  expect(failures).toBe(2);
  // The browser logs the refused request itself; that one is expected.
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((error) => !error.includes("ERR_CONNECTION_REFUSED")),
  );
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name}: a direct visit to /voice-agent gives contact details first, then qualifies, with the keyboard only`, async ({
    page,
    baseURL,
  }) => {
    test.slow();
    const email = uniqueEmail(`chat-direct-${name}`);
    await page.setViewportSize(viewport);
    await page.goto("/voice-agent");
    const region = chatRegion(page);
    await expect(region.getByRole("heading", { name: "Before we start" })).toBeVisible();
    await expectNoAxeViolations(page, `${name} contact form`);

    // Empty submit: spec 5.3's messages, focus on the summary.
    await region.getByRole("button", { name: "Start the chat" }).focus();
    await page.keyboard.press("Enter");
    await expect(region.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
    for (const message of [
      "First name is required",
      "Last name is required",
      "Email is required",
      "Phone number is required",
      "Facility name is required",
      "Facility type is required",
      "Location is required",
      "Please agree to receive communications",
    ]) {
      await expect(region.getByRole("link", { name: message })).toBeVisible();
    }
    await expectNoAxeViolations(page, `${name} contact errors`);

    const typeInto = async (label: string | RegExp, text: string) => {
      await region.getByLabel(label).focus();
      await page.keyboard.type(text);
    };
    await typeInto("First name", "Robin");
    await typeInto("Last name", "Hale");
    await typeInto("Email", email);
    await typeInto("Phone number", "4045550199");
    await typeInto("Facility name", "Harbor View Rehab");
    await region.getByLabel("Facility type").focus();
    await region.getByLabel("Facility type").selectOption({ label: "Rehabilitation Center" });
    await region.getByLabel("Location (state)").selectOption({ label: "Florida" });
    await region.getByRole("checkbox", { name: /I agree to receive SMS/ }).focus();
    await page.keyboard.press("Space");
    await page.waitForTimeout(3_200); // a person takes longer than the minimum fill time
    await region.getByRole("button", { name: "Start the chat" }).focus();
    await page.keyboard.press("Enter");

    const log = chatLog(page);
    await expect(log.getByText("Hi Robin! Let's qualify Harbor View Rehab", { exact: false })).toBeVisible();
    await expect(region.getByRole("group", { name: "Your role" }).getByRole("button").first()).toBeFocused();
    await expectNoAxeViolations(page, `${name} chat started`);
    // Keyboard only: Tab to the quick reply, Enter to press it; focus follows each new question.
    const choose = async (group: string, option: string) => {
      const target = region.getByRole("group", { name: group }).getByRole("button", { name: option, exact: true });
      await expect(region.getByRole("group", { name: group }).getByRole("button").first()).toBeFocused();
      for (let i = 0; i < 6 && !(await target.evaluate((el) => el === document.activeElement)); i++)
        await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
    };
    await choose("Your role", "Administrator");
    await choose("Facility size", "Fewer than 50 beds or residents");
    await choose("How shifts are filled today", "None yet");
    await choose("Open shifts per month", "10–29");
    await expect(region.getByLabel("Your biggest staffing challenge")).toBeFocused();
    await page.keyboard.type("Weekend coverage");
    await page.keyboard.press("Enter");
    await choose("Best time for our call", "Evening");
    await expect(region.getByLabel("Gift card e-mail address")).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(region.getByRole("button", { name: "Use the e-mail address I gave you" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(chatEnd(page)).toBeVisible();
    await expectNoAxeViolations(page, `${name} qualified`);
    expect(await storedLead(baseURL!, email)).toMatchObject({
      form: "chat",
      qualificationStatus: "qualified",
      facilityType: "rehabilitation",
      location: "Florida",
    });
  });
}

test("at 320 px the chat and its contact form never scroll sideways", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/voice-agent");
  await expect(chatRegion(page).getByRole("heading", { name: "Before we start" })).toBeVisible();
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBe(0);
  await startChatFromQualifyPage(page, "chat-320");
  await finishAsDecisionMaker(page);
  expect(await overflow()).toBe(0);
});
