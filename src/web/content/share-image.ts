/** The link-preview image (public/og-image.png, rendered by scripts/render-images.ts). */
export const SHARE_IMAGE = {
  path: "/og-image.png",
  width: 1200,
  height: 630,
  type: "image/png",
  alt: "Reliable CNA, LPN & RN shift coverage: matched, credentialed staff in minutes",
} as const;

/** Browser and install colours: the brand blue (the theme's `brand`, src/web/app/app.css). */
export const THEME_COLOUR = "#0b3d5c";
