import { readdir, writeFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { deferHydration } from "./defer-hydration";
import { inlineStylesheets } from "./inline-stylesheets";
import { loadSiteData } from "./load-site-data";
import { precompress } from "./precompress";
import { SITE_FILES, type SiteFileInput } from "./site-files";

/**
 * Runs after `react-router build` (npm run build): inlines each page's stylesheet, writes
 * robots.txt, sitemap.xml and manifest.webmanifest, then precompresses the text files.
 * Respects BUILD_DIR like react-router.config.ts does.
 */
async function main() {
  const root = process.cwd();
  const clientDir = resolve(root, process.env.BUILD_DIR ?? "build", "client");
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  const htmlFiles = entries
    .filter((e) => e.isFile() && e.name.endsWith(".html"))
    .map((e) => join(e.parentPath, e.name));
  if (htmlFiles.length === 0) throw new Error(`no prerendered pages in ${clientDir}: run react-router build first`);

  const inlined = await inlineStylesheets(clientDir, htmlFiles);
  await deferHydration(clientDir, htmlFiles);

  const { siteConfig, PAGE_META, PUBLIC_PATHS } = await loadSiteData(root);
  const input: SiteFileInput = {
    siteUrl: siteConfig.siteUrl,
    brandName: siteConfig.brandName,
    pages: PUBLIC_PATHS.map((path) => ({ path, ...PAGE_META[path] })),
  };
  for (const [name, make] of Object.entries(SITE_FILES)) await writeFile(join(clientDir, name), make(input));

  const compressed = await precompress(clientDir);
  console.log(
    `post-build: ${inlined} stylesheet links inlined in ${htmlFiles.length} pages; ${Object.keys(SITE_FILES).join(", ")} for ${input.siteUrl}; ` +
      `${compressed.length} files precompressed (.br, .gz) in ${relative(root, clientDir)}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
