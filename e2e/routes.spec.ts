import { PAGE_META } from "../src/web/content/pages";
import { expect, test } from "./fixtures";

/** Every route: it loads, has its heading (already in the HTML), and logs no errors. */
const ROUTES = [
  { path: "/", heading: /.+/ },
  { path: "/qualify", heading: /.+/ },
  { path: "/qualifying-chat", heading: /.+/ },
  { path: "/voice-agent", heading: "Get Qualified - Text or Voice" },
  { path: "/thank-you", heading: "Thank You!" },
  { path: "/privacy", heading: "Privacy Policy" },
  { path: "/confirm-email", heading: "Confirm your work e-mail" },
  { path: "/stop-contacting", heading: "Stop contacting me" },
] as const;

for (const route of ROUTES) {
  test(`${route.path} loads with its heading and title`, async ({ page, request }) => {
    const raw = await request.get(route.path);
    expect(raw.status()).toBe(200);
    expect(await raw.text()).toMatch(/<h1[^>]*>[^<]+/);

    await page.goto(route.path);
    await expect(page.getByRole("heading", { level: 1, name: route.heading })).toBeVisible();
    await expect(page).toHaveTitle(PAGE_META[route.path].title);
  });
}

test("an unknown page answers the site's not-found page with 404", async ({ page, consoleErrors }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  // Chromium logs the document's own 404; that one is expected.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes("status of 404")));
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
});
