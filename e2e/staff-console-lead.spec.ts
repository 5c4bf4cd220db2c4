import { endOfCallReport, homepageLead, qualifyLead } from "../src/server/test-support/test-fixtures";
import { expect, expectNoAxeViolations } from "./fixtures";
import { signIn, test, VOICE_SECRET, WORKER } from "./staff-console-server";
import { postLead, takeStep, verifyRole } from "./staff-helpers";

/**
 * A lead's page in the console in Chromium: found by e-mail and walked to the bonus,
 * a step explained or cancelled, a duplicate flagged, a voice call's answers, and fields shown as text.
 */
test.describe.configure({ mode: "serial" });

test("staff signs in, finds a lead by e-mail and walks it from verification to the $250 bonus", async ({
  consoleServer,
  page,
}) => {
  await postLead(
    consoleServer.baseURL,
    homepageLead({ email: "other.lead@clinic.example", phone: "5550001111", facilityName: "Other Clinic" }),
  );
  await postLead(
    consoleServer.baseURL,
    homepageLead({
      email: "dana.journey@sunrise.example",
      phone: "5550002222",
      facilityName: "Journey Care Center",
      firstName: "Dana",
      lastName: "Journey",
    }),
  );
  await signIn(page, WORKER);
  await expectNoAxeViolations(page, "lead list");

  await page.getByLabel("Search leads").fill("dana.journey@sunrise.example");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByRole("row")).toHaveCount(2); // the header and the one lead
  await page.getByRole("link", { name: "Open lead Dana Journey" }).click();
  await expect(page.getByRole("heading", { name: "Dana Journey", level: 1 })).toBeVisible();
  await expect(page.getByText("The gift card can only be sent after the role is verified.")).toHaveCount(0);
  await expectNoAxeViolations(page, "lead page");

  await verifyRole(page, "Phone call to the facility", "Front desk confirmed she is the Director of Nursing");
  await takeStep(page, "Record $50 gift card sent", () => page.getByLabel("Card reference").fill("VISA-50-0001"));
  await takeStep(page, "Mark first shift filled");
  await takeStep(page, "Record $250 bonus sent", () => page.getByLabel("Card reference").fill("VISA-250-0001"));

  const timeline = page.getByRole("region", { name: "Timeline" });
  for (const text of [
    "Role verified",
    "Verified by: Phone call to the facility",
    "Note: Front desk confirmed she is the Director of Nursing",
    "Gift card sent ($50)",
    "Reference: VISA-50-0001",
    "Amount: $50",
    "First shift filled",
    "Bonus sent ($250)",
    "Amount: $250",
  ]) {
    await expect(timeline.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(timeline.getByText(WORKER).first()).toBeVisible();
  await expect(page.getByText("This lead has reached the end of the pipeline.")).toBeVisible();
});

test("a step is explained when something is missing, and cancelled steps change nothing", async ({
  consoleServer,
  page,
}) => {
  await postLead(
    consoleServer.baseURL,
    qualifyLead({ email: "cancel.me@lakeside.example", phone: "5550003333", firstName: "Cory", lastName: "Cancel" }),
  );
  await signIn(page, WORKER);
  await page.getByLabel("Search leads").fill("cancel.me");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await page.getByRole("link", { name: "Open lead Cory Cancel" }).click();
  const decision = page.getByRole("form", { name: "Verify or decline the role" });
  await decision.getByRole("button", { name: "Record the decision" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: "Choose to verify the role or to decline it." })).toBeVisible();
  await page.getByRole("button", { name: "Mark as qualified after a call" }).click();
  await page.getByRole("button", { name: "Review" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByText("Nothing has been done to this lead yet.")).toBeVisible();
});

test("a likely duplicate is flagged before verification", async ({ consoleServer, page }) => {
  // A phone no other journey uses: the worker's server keeps every journey's leads.
  await postLead(
    consoleServer.baseURL,
    homepageLead({
      email: "first.dup@facility.example",
      phone: "5550007171",
      facilityName: "Twin Pines",
      location: "Ohio",
    }),
  );
  await postLead(
    consoleServer.baseURL,
    qualifyLead({
      email: "second.dup@gmail.com",
      phone: "5550007171",
      facilityName: "Elsewhere",
      location: "Texas",
      firstName: "Dup",
      lastName: "Licate",
    }),
  );
  await signIn(page, WORKER);
  await page.getByLabel("Search leads").fill("second.dup@gmail.com");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await page.getByRole("link", { name: "Open lead Dup Licate" }).click();
  const flags = page.getByRole("region", { name: "Before verifying: likely duplicates and the e-mail address" });
  await expect(flags.getByText("Same phone as another lead")).toBeVisible();
  await expect(flags.getByText("Free-mail address (not a facility domain)")).toBeVisible();
});

test("a voice call's answers are shown as a chat's, with its summary and transcript", async ({
  consoleServer,
  page,
}) => {
  const response = await fetch(`${consoleServer.baseURL}/api/leads`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(
      homepageLead({ email: "voice.call@facility.example", phone: "5550006666", firstName: "Vera", lastName: "Voice" }),
    ),
  });
  const lead = (await response.json()) as { id: string; qualificationToken: string };
  const structuredData = {
    role: "director_of_nursing",
    facilitySize: "200_plus",
    shiftFilling: "float_pool",
    openShifts: "60_plus",
    callTime: "evening",
    giftCardEmail: "",
  };
  const report = endOfCallReport(
    "journey-call",
    { analysis: { summary: "Vera runs a large nursing home.", structuredData } },
    { qualificationToken: lead.qualificationToken, leadId: lead.id },
  );
  const reported = await fetch(`${consoleServer.baseURL}/api/voice/events`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-vapi-secret": VOICE_SECRET },
    body: JSON.stringify(report),
  });
  expect(reported.status).toBe(200);
  await signIn(page, WORKER);
  await page.getByLabel("Search leads").fill("voice.call@facility.example");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await page.getByRole("link", { name: "Open lead Vera Voice" }).click();
  const qualification = page.getByRole("region", { name: "Qualification" });
  await expect(qualification.getByRole("heading", { name: "Voice call" })).toBeVisible();
  await expect(qualification.getByRole("heading", { name: "Answers" })).toBeVisible();
  const answer = (term: string) =>
    qualification.getByRole("term").filter({ hasText: term }).locator("xpath=following-sibling::dd[1]");
  await expect(answer("Your role")).toHaveText("Director of Nursing");
  await expect(answer("Facility size")).toHaveText("200 or more beds or residents");
  await expect(answer("Your biggest staffing challenge")).toHaveText("Skip this question");
  await expect(answer("Gift card e-mail address")).toHaveText("Use the e-mail address I gave you");
  await expect(qualification.getByText("Vera runs a large nursing home.")).toBeVisible();
  await qualification.getByText("Transcript").click();
  await expect(qualification.getByText(/User: I'm the administrator\./)).toBeVisible();
  await expectNoAxeViolations(page, "lead page with a voice call");
});

test("a lead whose fields hold HTML or script is shown as text", async ({ consoleServer, page }) => {
  let alerted = false;
  page.on("dialog", (dialog) => {
    alerted = true;
    void dialog.dismiss();
  });
  await postLead(
    consoleServer.baseURL,
    homepageLead({
      email: "xss@facility.example",
      phone: "5550005555",
      facilityName: '<img src=x onerror="alert(1)"> Care',
      firstName: "<b>Bold</b>",
      lastName: "Test",
    }),
  );
  await signIn(page, WORKER);
  await page.getByLabel("Search leads").fill("xss@facility.example");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText('<img src=x onerror="alert(1)"> Care, Georgia')).toBeVisible();
  await page.getByRole("link", { name: "Open lead <b>Bold</b> Test" }).click();
  await expect(page.getByRole("heading", { name: "<b>Bold</b> Test" })).toBeVisible();
  expect(await page.locator("main img, main b").count()).toBe(0);
  expect(alerted).toBe(false);
});
