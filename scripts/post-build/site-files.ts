/** robots.txt, sitemap.xml and the web app manifest, made from the route list and the site config. */

export interface SiteFileInput {
  siteUrl: string;
  brandName: string;
  /** Every public path, each with whether search engines may index it. */
  pages: { path: string; indexable: boolean; description: string }[];
}

const BRAND_COLOUR = "#0b3d5c";

const absolute = (siteUrl: string, path: string) => `${siteUrl}${path}`;
const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Everything may be crawled (noindex pages must be crawlable for their noindex to be seen). */
export function robotsTxt({ siteUrl }: SiteFileInput): string {
  return ["User-agent: *", "Allow: /", "Disallow: /api/", "", `Sitemap: ${absolute(siteUrl, "/sitemap.xml")}`, ""].join(
    "\n",
  );
}

export function sitemapXml({ siteUrl, pages }: SiteFileInput): string {
  const urls = pages
    .filter((page) => page.indexable)
    .map((page) => `  <url><loc>${escapeXml(absolute(siteUrl, page.path))}</loc></url>`);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...urls,
    `</urlset>`,
    "",
  ].join("\n");
}

export function webManifest({ brandName, pages }: SiteFileInput): string {
  const home = pages.find((page) => page.path === "/");
  const manifest = {
    name: brandName,
    short_name: brandName.split(/\s+/)[0] ?? brandName,
    description: home?.description,
    start_url: "/",
    scope: "/",
    display: "browser",
    background_color: "#ffffff",
    theme_color: BRAND_COLOUR,
    icons: [
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
      { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
    ],
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

export const SITE_FILES = {
  "robots.txt": robotsTxt,
  "sitemap.xml": sitemapXml,
  "manifest.webmanifest": webManifest,
} as const;
