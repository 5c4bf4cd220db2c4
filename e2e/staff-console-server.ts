import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test as base } from "./fixtures";
import { startServer, type RunningServer } from "./server";
import { staffCli, submitSignIn } from "./staff-helpers";
import { enrolInPage } from "./staff-second-factor";

/**
 * The staff console's journeys' shared set-up: a server of their own per spec file,
 * whose accounts come from the command line (`npm run staff -- add`) as on a fresh clone, and
 * signing in as staff or as an admin (who sets up a second factor at the first sign-in).
 */

export const PASSWORD = "journeys need a long passphrase";
export const ADMIN = "admin@provider.example";
export const WORKER = "worker@provider.example";
export const VOICE_SECRET = "voice-secret-of-the-journey-1234";

/** Playwright's test with `consoleServer` (one per worker) as the pages' base address. */
export const test = base.extend<object, { consoleServer: RunningServer }>({
  consoleServer: [
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), "staffing-console-"));
      await staffCli(dataDir, ["add", ADMIN, "--admin"], PASSWORD);
      await staffCli(dataDir, ["add", WORKER], PASSWORD);
      const server = await startServer({ DATA_DIR: dataDir, VOICE_WEBHOOK_SECRET: VOICE_SECRET });
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ consoleServer }, use) => use(consoleServer.baseURL),
});

/** Signs in and waits for the lead list; an admin enrols a second factor on the way. */
export async function signIn(page: Page, email: string) {
  await submitSignIn(page, email, PASSWORD);
  if (email === ADMIN) {
    await enrolInPage(page);
    await page.getByRole("button", { name: "I have saved them: continue" }).click();
  }
  await expect(page.getByRole("heading", { name: "Leads", exact: true })).toBeVisible();
}
