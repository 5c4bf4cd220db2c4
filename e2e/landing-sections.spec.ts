import type { Page } from "@playwright/test";
import { siteConfig, telHref } from "../src/web/site-config";
import { FAQ_ITEMS } from "../src/web/content/faq";
import { VIEWPORTS, expect, test, uniqueEmail } from "./fixtures";
import { fillContactStep, goToContactStep, openLanding, submit, waitLikeAPerson } from "./landing-helpers";

test("every section is there, in order, with the exact claims of spec 1 and 9", async ({ page }) => {
  await openLanding(page);
  const headings = await page.locator("main h2").allInnerTexts();
  expect(headings.map((h) => h.trim())).toEqual([
    expect.stringMatching(/trusted by/i),
    "How It Works",
    expect.any(String),
    expect.any(String),
    expect.stringMatching(/demo/i),
    "Frequently asked questions",
    expect.stringMatching(/\$50 Visa/),
    expect.any(String),
  ]);
  const text = await page.locator("main").innerText();
  for (const claim of [
    "99.1% show rate over 90 days",
    "6,842",
    "shifts covered",
    "214",
    "47 seconds",
    "8 minutes",
    "First match under 15 minutes",
    "48-hour go-live",
    "Time-and-attendance integration by email",
    "API integration available",
    "No minimums or long-term contracts",
    "Flat fee",
    "Cancel anytime",
    "HIPAA secure",
    "Background checked",
    "50-state credentialing",
    "Liability insured",
    "37",
    "ICU PRN shifts filled",
    "31% overtime reduction",
    "100%",
    "weekend coverage",
    "98.5% show rate",
    "24",
    "emergency fills",
    "12 min average response",
    "15 new facilities per region per quarter",
    "$50 Visa gift card",
    "$250",
    "Alpharetta, GA",
  ]) {
    expect(text.toLowerCase(), claim).toContain(claim.toLowerCase());
  }
  // The onboarding claim is the server's count (decision 0039), at most a minute old: its words, whatever the figure.
  await expect(page.locator("[data-spots-claim]")).toHaveText(
    /^(\d+ spots? left in the Southeast|No spots left in the Southeast this quarter)$/,
  );
  await expect(page.locator("#qualification-form")).toBeAttached();
  const contact = page.locator("main address");
  await expect(contact.getByRole("link", { name: siteConfig.phone })).toHaveAttribute(
    "href",
    telHref(siteConfig.phone),
  );
  await expect(contact.getByRole("link", { name: siteConfig.email })).toHaveAttribute(
    "href",
    `mailto:${siteConfig.email}`,
  );
  await expect(page.getByRole("contentinfo")).toContainText(`© ${siteConfig.copyrightYear} ${siteConfig.brandName}`);

  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const jsonLd = blocks.map((text) => JSON.parse(text)).find((data) => data["@type"] === "FAQPage");
  expect(jsonLd, "a FAQPage JSON-LD block").toBeDefined();
  expect(jsonLd.mainEntity.map((q: { name: string }) => q.name)).toEqual(FAQ_ITEMS.map((item) => item.question));
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`the hero's demo button scrolls to the form and puts the focus in it (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openLanding(page);
    await page.getByRole("button", { name: "Get My Free Demo" }).click();
    await expect(page.getByLabel("Facility name")).toBeFocused();
    await expect(page.locator("#qualification-form")).toBeInViewport();
    await expect(page.getByLabel("Facility name")).toBeInViewport({ ratio: 1 });
  });
}

test("with reduced motion the demo button jumps without animation", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openLanding(page);
  await page.getByRole("button", { name: "Book My Demo" }).click();
  // No smooth scroll: the form is in view at once, not after an animation.
  const inView = await page.evaluate(() => {
    const rect = document.getElementById("facilityName")!.getBoundingClientRect();
    return rect.top >= 0 && rect.bottom <= window.innerHeight;
  });
  expect(inView).toBe(true);
  await expect(page.getByLabel("Facility name")).toBeFocused();
});

test.describe("FAQ", () => {
  test("at 375 px an accordion: one item open at a time, a second click closes it", async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await openLanding(page);
    const [first, second] = FAQ_ITEMS.map((item) => page.getByRole("button", { name: item.question }));
    await expect(first!).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByText(FAQ_ITEMS[0]!.answer)).toBeHidden();

    await first!.click();
    await expect(first!).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText(FAQ_ITEMS[0]!.answer)).toBeVisible();
    const panelId = await first!.getAttribute("aria-controls");
    await expect(page.locator(`#${panelId}`)).toBeVisible();

    await second!.click();
    await expect(second!).toHaveAttribute("aria-expanded", "true");
    await expect(first!).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByText(FAQ_ITEMS[0]!.answer)).toBeHidden();

    await second!.click();
    await expect(second!).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByText(FAQ_ITEMS[1]!.answer)).toBeHidden();
  });

  test("at 1280 px three cards side by side, every answer shown", async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await openLanding(page);
    const boxes = [];
    for (const item of FAQ_ITEMS) {
      await expect(page.getByRole("heading", { name: item.question })).toBeVisible();
      await expect(page.getByText(item.answer)).toBeVisible();
      await expect(page.getByRole("button", { name: item.question })).toHaveCount(0);
      boxes.push(await page.getByRole("heading", { name: item.question }).boundingBox());
    }
    expect(new Set(boxes.map((b) => Math.round(b!.y))).size).toBe(1);
    expect(boxes[0]!.x).toBeLessThan(boxes[1]!.x);
    expect(boxes[1]!.x).toBeLessThan(boxes[2]!.x);
  });
});

test("the sticky call-to-action bar is visible at 375 px and absent at 1280 px", async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await openLanding(page);
  const bar = page.getByRole("complementary", { name: "Quick actions" });
  await expect(bar).toBeVisible();
  await page.mouse.wheel(0, 3000);
  await expect(bar).toBeInViewport();
  await bar.getByRole("button", { name: "Get My Demo" }).click();
  await expect(page.getByLabel("Facility name")).toBeFocused();

  await page.setViewportSize(VIEWPORTS.desktop);
  await expect(page.locator("[data-sticky-cta]")).toHaveCSS("display", "none");
  await expect(bar).toBeHidden();
});

test.describe("analytics through window.gtag", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const calls: unknown[][] = [];
      Object.assign(window, { gtagCalls: calls, gtag: (...args: unknown[]) => calls.push(args) });
    });
  });
  const calls = (page: Page) => page.evaluate(() => (window as unknown as { gtagCalls: unknown[][] }).gtagCalls);

  test("the incentive button sends cta_click_incentive (engagement, incentive_card)", async ({ page }) => {
    await openLanding(page);
    await page.getByRole("button", { name: "Claim My $50 Gift Card" }).click();
    expect(await calls(page)).toContainEqual([
      "event",
      "cta_click_incentive",
      { event_category: "engagement", event_label: "incentive_card" },
    ]);
  });

  test("a stored lead sends lead_created with source homepage_form", async ({ page }) => {
    test.setTimeout(60_000);
    const shownAt = Date.now();
    await openLanding(page);
    await goToContactStep(page);
    await fillContactStep(page, uniqueEmail("analytics"));
    await waitLikeAPerson(page, shownAt);
    await submit(page).click();
    await expect(page.getByRole("link", { name: "Claim Your $50 Demo" })).toBeVisible();
    expect(await calls(page)).toContainEqual(["event", "lead_created", { source: "homepage_form" }]);
  });
});

test("the privacy-policy link in the form leads to the privacy page", async ({ page }) => {
  await openLanding(page);
  await goToContactStep(page);
  await page.locator("form").getByRole("link", { name: "privacy policy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
});
