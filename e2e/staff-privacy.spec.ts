import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { homepageLead } from "../src/server/test-support/test-fixtures";
import { expect, expectNoAxeViolations, test as base } from "./fixtures";
import { startServer, type RunningServer } from "./server";
import { postLead, staffCli, submitSignIn } from "./staff-helpers";
import { enrolInPage } from "./staff-second-factor";

/**
 * A person's data on request in the console (decisions 0025, 0033): an admin stops contacting one
 * person and erases another; the lead pages show it.
 */

const PASSWORD = "journeys need a long passphrase";
const ADMIN = "privacy.admin@provider.example";

const test = base.extend<object, { consoleServer: RunningServer }>({
  consoleServer: [
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), "staffing-privacy-"));
      await staffCli(dataDir, ["add", ADMIN, "--admin"], PASSWORD);
      const server = await startServer({ DATA_DIR: dataDir });
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ consoleServer }, use) => use(consoleServer.baseURL),
});

test("an admin records do not contact and erases a person from the console; the lead pages show both", async ({
  page,
  consoleServer,
}) => {
  test.slow();
  const kept = await postLead(
    consoleServer.baseURL,
    homepageLead({ email: "quiet.please@harbor.example", phone: "5550104444", firstName: "Quinn" }),
  );
  const erased = await postLead(
    consoleServer.baseURL,
    homepageLead({ email: "forget.me@harbor.example", phone: "5550105555", firstName: "Florence", lastName: "Gone" }),
  );
  await submitSignIn(page, ADMIN, PASSWORD);
  await enrolInPage(page);
  await page.getByRole("button", { name: "I have saved them: continue" }).click();
  await page.getByRole("link", { name: "Privacy" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Privacy requests" })).toBeFocused();
  await expectNoAxeViolations(page, "the privacy view");

  const optOut = page.getByRole("form", { name: "Stop contacting a person" });
  await optOut.getByRole("textbox", { name: /E-mail address/ }).fill("quiet.please@harbor.example");
  await optOut.getByRole("button", { name: "Record do not contact" }).click();
  await expect(optOut.getByRole("status")).toHaveText("Recorded: no more e-mails and no calls to this person.");

  const erase = page.getByRole("form", { name: "Erase a person" });
  await erase.getByRole("textbox", { name: /E-mail address/ }).fill("forget.me@harbor.example");
  await erase.getByRole("textbox", { name: /Request reference/ }).fill("CCPA-2026-42");
  await erase.getByRole("textbox", { name: /Reason/ }).fill("asked by e-mail");
  await erase.getByRole("button", { name: "Erase this person…" }).click();
  const dialog = page.getByRole("dialog", { name: "Erase this person?" });
  await expect(dialog).toContainText("forget.me@harbor.example");
  await dialog.getByRole("button", { name: "Erase", exact: true }).click();
  await expect(erase.getByRole("status")).toHaveText("Erased: 1 record.");
  const log = page.getByRole("table", { name: /Erasures, exports and opt-outs/ });
  await expect(log.getByRole("row")).toHaveCount(3);
  await expect(log).toContainText("CCPA-2026-42");

  await page.goto(`/staff/leads/${erased}`);
  await expect(page.getByRole("heading", { level: 1, name: "[erased] [erased]" })).toBeVisible();
  await expect(page.getByText("Florence")).toHaveCount(0);

  await page.goto(`/staff/leads/${kept}`);
  await expect(page.getByText(/^Do not contact: asked on .+ through the console\.$/)).toBeVisible();
  await expectNoAxeViolations(page, "a lead with do not contact");
});
