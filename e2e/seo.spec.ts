import { PAGE_META } from "../src/web/content/pages";
import { PUBLIC_PATHS } from "../src/web/route-paths";
import { expect, test } from "./fixtures";

/** Search and sharing: what crawlers and link previews read, from the served pages. */
const SITE_URL = (process.env.SITE_URL ?? "http://localhost:3000").replace(/\/$/, "");
const INDEXABLE = PUBLIC_PATHS.filter((path) => PAGE_META[path].indexable);
const NOINDEX = ["/thank-you", "/qualifying-chat", "/stop-contacting"] as const;

test("every page has its own title and description", async ({ page }) => {
  const seen = { titles: new Set<string>(), descriptions: new Set<string>() };
  for (const path of PUBLIC_PATHS) {
    await page.goto(path);
    const title = await page.title();
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(title, path).toBe(PAGE_META[path].title);
    expect(description, path).toBe(PAGE_META[path].description);
    seen.titles.add(title);
    seen.descriptions.add(description!);
  }
  expect(seen.titles.size).toBe(PUBLIC_PATHS.length);
  expect(seen.descriptions.size).toBe(PUBLIC_PATHS.length);
});

for (const path of PUBLIC_PATHS) {
  test(`${path}: lang, canonical or noindex, share tags and Organization JSON-LD in the HTML`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const head = page.locator("head");
    if (PAGE_META[path].indexable) {
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", `${SITE_URL}${path}`);
      await expect(head.locator('meta[name="robots"]')).toHaveCount(0);
    } else {
      await expect(head.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expect(head.locator('link[rel="canonical"]')).toHaveCount(0);
    }
    for (const property of ["og:title", "og:description", "og:url", "og:image", "og:image:alt"]) {
      await expect(head.locator(`meta[property="${property}"]`), property).toHaveAttribute("content", /.+/);
    }
    await expect(head.locator('meta[property="og:image"]')).toHaveAttribute("content", `${SITE_URL}/og-image.png`);
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    await expect(head.locator('meta[name="twitter:image"]')).toHaveAttribute("content", `${SITE_URL}/og-image.png`);
    await expect(head.locator('link[rel="icon"]')).toHaveAttribute("href", "/favicon.svg");
    await expect(head.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    await expect(head.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#0b3d5c");

    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const organization = blocks
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((d) => d["@type"] === "Organization");
    expect(organization, "Organization JSON-LD").toMatchObject({
      "@context": "https://schema.org",
      name: expect.any(String),
      telephone: expect.stringMatching(/^\+1\d{10}$/),
      email: expect.stringContaining("@"),
      address: { addressLocality: "Alpharetta", addressRegion: "GA" },
    });
  });
}

test("the share image and icons are served", async ({ request }) => {
  for (const [path, type] of [
    ["/og-image.png", "image/png"],
    ["/favicon.svg", "image/svg+xml"],
    ["/apple-touch-icon.png", "image/png"],
  ]) {
    const response = await request.get(path!);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toContain(type);
  }
});

test("robots.txt allows crawling and points at the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  const text = await response.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).not.toMatch(/^Disallow: \/$/m);
  expect(text).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
});

test("sitemap.xml lists exactly the indexable pages, with absolute URLs", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/xml/);
  const locs = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(locs.sort()).toEqual(INDEXABLE.map((path) => `${SITE_URL}${path}`).sort());
  for (const path of NOINDEX) expect(locs).not.toContain(`${SITE_URL}${path}`);
});

test("the web app manifest carries the brand name and colour", async ({ request }) => {
  const response = await request.get("/manifest.webmanifest");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = (await response.json()) as Record<string, unknown>;
  expect(manifest).toMatchObject({ name: expect.stringMatching(/.+/), theme_color: "#0b3d5c", start_url: "/" });
  expect(manifest.icons).toEqual(expect.arrayContaining([expect.objectContaining({ src: "/favicon.svg" })]));
});
