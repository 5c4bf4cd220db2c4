import { defineConfig } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "./e2e/chromium";

/** Journeys run the production build in Debian's Chromium; never a browser download. */
export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    browserName: "chromium",
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
    trace: "retain-on-failure",
  },
});
