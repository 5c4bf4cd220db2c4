import { spawn } from "node:child_process";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Posts a lead to a running server as the public form would; its id. */
export async function postLead(baseURL: string, lead: object): Promise<string> {
  const response = await fetch(`${baseURL}/api/leads`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(lead),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Fills and sends the console's sign-in form (what follows it, a second factor or the list, is the caller's). */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.goto("/staff");
  await expect(page.getByRole("heading", { name: "Sign in to the staff console" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Picks a step, fills it, reviews and confirms it in the dialog; waits for it to be saved. */
export async function takeStep(page: Page, button: string, fill: () => Promise<void> = async () => {}) {
  await page.getByRole("button", { name: button }).click();
  await fill();
  await page.getByRole("button", { name: "Review", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm this step" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved. The step is in the timeline." })).toBeVisible();
}

/** Verifies the role in the lead page's one place for it (the Verification section's form); waits for it to be recorded. */
export async function verifyRole(page: Page, method: string, note: string) {
  const form = page.getByRole("form", { name: "Verify or decline the role" });
  await form.getByLabel("Decision").selectOption({ label: "Verify the role" });
  await form.getByLabel("How the role was verified").selectOption({ label: method });
  await form.getByLabel("What you checked").fill(note);
  await form.getByRole("button", { name: "Record the decision" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Recorded. The step is in the timeline." })).toBeVisible();
}

/** `npm run staff -- <args>` on a data directory, with the password piped to standard input (as on a fresh clone). */
export function staffCli(dataDir: string, args: string[], password: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/staff.ts", ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      stdio: ["pipe", "ignore", "inherit"],
    });
    child.stdin.end(`${password}\n`);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`staff ${args.join(" ")} exited ${code}`))));
  });
}

/** The names in a list's rows, in order (each row's header cell). */
export const rowNames = (page: Page) => page.getByRole("table").getByRole("rowheader").allInnerTexts();
