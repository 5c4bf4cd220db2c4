import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapXml, webManifest, type SiteFileInput } from "./site-files";

const input: SiteFileInput = {
  siteUrl: "https://staff.example",
  brandName: "ShiftReady Staffing",
  pages: [
    { path: "/", indexable: true, description: "Home" },
    { path: "/qualify", indexable: true, description: "Qualify" },
    { path: "/thank-you", indexable: false, description: "Thanks" },
  ],
};

describe("site files", () => {
  it("robots.txt lets crawlers in (so they see noindex) and names the sitemap", () => {
    const robots = robotsTxt(input);
    expect(robots).toContain("User-agent: *\nAllow: /\n");
    expect(robots).not.toMatch(/^Disallow: \/$/m);
    expect(robots).toContain("Sitemap: https://staff.example/sitemap.xml");
  });

  it("the sitemap lists only indexable pages, absolute", () => {
    const locs = [...sitemapXml(input).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(["https://staff.example/", "https://staff.example/qualify"]);
  });

  it("the manifest carries the brand name and colour", () => {
    expect(JSON.parse(webManifest(input))).toMatchObject({
      name: "ShiftReady Staffing",
      theme_color: "#0b3d5c",
      start_url: "/",
    });
  });
});
