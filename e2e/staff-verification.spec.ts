import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { homepageLead } from "../src/server/test-support/test-fixtures";
import { SUNRISE } from "../src/server/test-support/registry-seeds";
import { startRegistryStandIns, type RegistryStandIns } from "../src/server/test-support/verification-harness";
import { expect, expectNoAxeViolations, test as base } from "./fixtures";
import { startServer, type RunningServer } from "./server";
import { postLead, staffCli, submitSignIn } from "./staff-helpers";

/**
 * Staff get the evidence (decision 0030): a server whose registries are the stand-ins this test
 * starts (NPPES, CMS Provider Data and facility websites, real HTTP servers on 127.0.0.1, the
 * seeds the server tests use). No runner verifies leads on its own yet (another part of the
 * issue), so the journey asks the lead page's "Check the registries again", which runs the same
 * `verifyLead` and stores its decision; the Due view lists the lead before and after.
 */

const PASSWORD = "journeys need a long passphrase";
const WORKER = "worker@provider.example";

let server: RunningServer;
let registries: RegistryStandIns;
const test = base.extend<object, { verificationServer: RunningServer }>({
  verificationServer: [
    async ({}, use) => {
      registries = await startRegistryStandIns();
      const dataDir = mkdtempSync(join(tmpdir(), "staffing-verification-"));
      await staffCli(dataDir, ["add", WORKER], PASSWORD);
      server = await startServer({
        DATA_DIR: dataDir,
        NPPES_API_URL: registries.nppes.url,
        CMS_PROVIDER_DATA_URL: registries.cms.url,
        FACILITY_WEBSITE_URL: registries.web.websiteUrl,
      });
      await use(server);
      await server.stop();
      await registries.close();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ verificationServer }, use) => use(verificationServer.baseURL),
});

test("staff open a lead from the Due view, read the registry evidence and its reasons, and verify the role with a note", async ({
  page,
}) => {
  await postLead(
    server.baseURL,
    homepageLead({
      facilityName: "Sunrise Nursing & Rehab Center",
      location: "Georgia",
      email: "jo.kim@gmail.com",
      phone: "4045550100",
      firstName: "Jo",
      lastName: "Kim",
    }),
  );
  await submitSignIn(page, WORKER, PASSWORD);
  await expect(page.getByRole("heading", { name: "Leads", exact: true })).toBeVisible();

  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Due" }).click();
  const due = page.getByRole("table", { name: "Leads due, the longest waiting first" });
  await expect(due.getByRole("row", { name: /Jo Kim/ })).toContainText("not checked yet");
  await page.getByRole("link", { name: "Open lead Jo Kim" }).click();
  await expect(page.getByRole("heading", { name: "Jo Kim", level: 1 })).toBeFocused();

  const verification = page.getByRole("region", { name: "Verification" });
  await expect(verification).toContainText("This lead was not checked against the public registries yet.");
  // Never checked: the registries are checked, not checked "again".
  await verification.getByRole("button", { name: "Check the registries", exact: true }).click();
  await expect(verification.getByText("Checked again. The decision above is the new one.")).toBeVisible();
  await expect(verification.getByText("Needs a person to verify the role")).toBeVisible();
  await expect(verification.getByRole("listitem").filter({ hasText: /^free-mail address$/ })).toBeVisible();
  await expect(verification.getByText("not qualified by the chat or a call")).toBeVisible();
  await expect(verification.getByText("Not confirmed with a code")).toBeVisible();
  const call = verification.getByRole("link", { name: "Call (404) 555-0100 (registry phone)" });
  await expect(call).toHaveAttribute("href", `tel:+1${SUNRISE.phone}`);
  await expect(
    verification.getByRole("link", { name: new RegExp(`NPPES NPI Registry: NPI ${SUNRISE.npi}`) }),
  ).toHaveAttribute("href", `https://npiregistry.cms.hhs.gov/provider-view/${SUNRISE.npi}`);
  await expect(verification.getByText(/DANA REYES, ADMINISTRATOR/)).toBeVisible();
  await expectNoAxeViolations(page, "lead page with its verification");

  // One action with a note: an empty one is refused in the error summary first.
  await verification.getByRole("button", { name: "Record the decision" }).click();
  await expect(page.getByRole("link", { name: "Choose to verify the role or to decline it." })).toBeVisible();
  await verification.getByLabel("Decision").selectOption({ label: "Verify the role" });
  await verification.getByLabel("How the role was verified").selectOption({ label: "Phone call to the facility" });
  await verification
    .getByLabel("What you checked")
    .fill("Called the registry phone: Jo Kim is the director of nursing");
  await verification.getByRole("button", { name: "Record the decision" }).click();
  await expect(page.getByText("Recorded. The step is in the timeline.")).toBeVisible();
  await expect(page.getByText("Role verified", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Called the registry phone: Jo Kim is the director of nursing").first()).toBeVisible();
  // Verified by a person: that decision is where the lead stands, and no form for it remains.
  await expect(verification.getByText(/^Verified by .+ on \w{3} \d{1,2} \(called the facility\)$/)).toBeVisible();
  await expect(verification.getByRole("form", { name: /Decline the role|Verify or decline the role/ })).toHaveCount(0);

  await page.getByRole("link", { name: "Back to leads" }).click();
  await expect(page.getByRole("heading", { name: "Due: promises running late", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open lead Jo Kim" })).toHaveCount(0);
  await expectNoAxeViolations(page, "due view");
});
