import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";
import type * as SiteDataModule from "./site-data";

type SiteData = typeof SiteDataModule;

/**
 * Imports site-data.ts through Vite's module runner: outside Vite `import.meta.env` is empty and
 * siteConfig would fall back to its defaults, while the pages were built with the real env.
 * envPrefix mirrors vite.config.ts (which is not loaded here: its React Router plugin builds).
 */
export async function loadSiteData(root: string): Promise<SiteData> {
  const entry = fileURLToPath(new URL("./site-data.ts", import.meta.url));
  const { module } = await runnerImport<SiteData>(entry, {
    configFile: false,
    root,
    envPrefix: ["VITE_", "SITE_URL"],
    logLevel: "silent",
  });
  return module;
}
