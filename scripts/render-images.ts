import { readFileSync } from "node:fs";
import { chromium } from "@playwright/test";

/**
 * Renders the committed PNGs in public/ from SVG, with Debian's Chromium: the share image
 * (1200x630, Open Graph / Twitter) and the app icons made from favicon.svg. Run it again after
 * changing the artwork: `npx tsx scripts/render-images.ts`. The share image carries no brand
 * name, so it stays right when VITE_BRAND_NAME changes.
 */
const favicon = readFileSync("public/favicon.svg", "utf8");

const shareImage = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#0b3d5c"/>
  <rect x="0" y="594" width="1200" height="36" fill="#ff6200"/>
  <g transform="translate(96 104) scale(2.5)">
    <rect width="64" height="64" rx="14" fill="#ffffff"/>
    <path d="M27 14h10v13h13v10H37v13H27V37H14V27h13z" fill="#ff6200"/>
  </g>
  <g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" fill="#ffffff">
    <text x="96" y="366" font-size="64" font-weight="700">Reliable CNA, LPN &amp; RN</text>
    <text x="96" y="446" font-size="64" font-weight="700">shift coverage</text>
    <text x="96" y="524" font-size="36" fill="#ffd2b3">Matched, credentialed staff in minutes</text>
  </g>
</svg>`;

const targets = [
  { file: "public/og-image.png", svg: shareImage, width: 1200, height: 630 },
  { file: "public/apple-touch-icon.png", svg: favicon, width: 180, height: 180, square: true },
  { file: "public/icon-192.png", svg: favicon, width: 192, height: 192 },
  { file: "public/icon-512.png", svg: favicon, width: 512, height: 512 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
});
try {
  for (const { file, svg, width, height, square } of targets) {
    const page = await browser.newPage({ viewport: { width, height } });
    // iOS rounds the corners itself: its icon is drawn on a full square of the brand colour.
    const background = square ? "#0b3d5c" : "transparent";
    const img = `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}" width="${width}" height="${height}">`;
    await page.setContent(`<body style="margin:0;background:${background}">${img}</body>`);
    await page.screenshot({ path: file, omitBackground: !square, clip: { x: 0, y: 0, width, height } });
    await page.close();
    console.log(`${file} ${width}x${height}`);
  }
} finally {
  await browser.close();
}
