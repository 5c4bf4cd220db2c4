import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { E2E_ADMIN_TOKEN } from "./server";

/** WCAG 2.2 A and AA rules. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

export async function expectNoAxeViolations(page: Page, context?: string) {
  // Let running CSS transitions finish (a button fading from disabled to enabled), so colour
  // contrast is measured on what stays on screen, not on a frame in between.
  // Transitions only: a spinner's animation runs for ever.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running"),
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, context ?? page.url()).toEqual([]);
}

/** React Router has taken the prerendered page over (its route modules are in place). */
export const isHydrated = (page: Page) => page.evaluate(() => "__reactRouterRouteModules" in window);

export const VIEWPORTS = { mobile: { width: 375, height: 812 }, desktop: { width: 1280, height: 900 } } as const;

/** Reads stored records through the admin API (the embedded database is open in the server only). */
export async function adminGet<T>(baseURL: string, path: string): Promise<T> {
  const response = await fetch(`${baseURL}/api/admin/${path}`, {
    headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
  });
  if (!response.ok) throw new Error(`admin ${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** The lead stored with `email`, as the admin API lists it (undefined if none). */
export async function storedLead(baseURL: string, email: string) {
  const { leads } = await adminGet<{ leads: Array<Record<string, unknown>> }>(baseURL, "leads?limit=1000");
  return leads.find((lead) => lead.email === email);
}

/** An e-mail address no other journey (nor an earlier run on the same server) has used. */
export const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

interface Fixtures {
  /** Console errors and uncaught page errors; a journey fails on any unless it expects them. */
  consoleErrors: string[];
}

export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
