import type { Page } from "@playwright/test";
import { PUBLIC_PATHS } from "../src/web/route-paths";
import { expect, test } from "./fixtures";

/**
 * WCAG 1.4.10 reflow: at 320 CSS px wide no page scrolls sideways. WCAG 2.4.7 / 2.4.11: every
 * element that keyboard focus reaches shows a visible focus indicator (an outline or a ring).
 */
const MAX_TABS = 25;

async function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== "none" && style.boxShadow !== "";
    const name = `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? (element as HTMLElement).innerText ?? "").trim().slice(0, 40)}"`;
    return { name, visible: outline || ring, matchesFocusVisible: element.matches(":focus-visible") };
  });
}

for (const path of PUBLIC_PATHS) {
  test(`${path} does not scroll sideways at 320 px`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(path);
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll, `${path} is ${widths.scroll}px wide`).toBeLessThanOrEqual(320);
  });

  test(`${path} shows where keyboard focus is`, async ({ page }) => {
    await page.goto(path);
    await page.locator("body").focus();
    const unmarked: string[] = [];
    let reached = 0;
    for (let i = 0; i < MAX_TABS; i++) {
      await page.keyboard.press("Tab");
      const focus = await focusIndicator(page);
      if (!focus) break; // focus left the page
      reached++;
      if (!focus.visible) unmarked.push(focus.name);
    }
    expect(reached, "keyboard focus reaches at least one element").toBeGreaterThan(0);
    expect(unmarked, "focused without a visible outline or ring").toEqual([]);
  });
}
