/**
 * What the build's extra files are made of. Loaded through Vite (see load-site-data.ts) so that
 * `import.meta.env` in src/web/site-config.ts sees the same VITE_* and SITE_URL values as the pages.
 */
export { siteConfig } from "../../src/web/site-config";
export { PAGE_META } from "../../src/web/content/pages";
export { PUBLIC_PATHS } from "../../src/web/route-paths";
