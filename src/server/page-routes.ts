import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { isApiRequest } from "./console-request-paths";

/**
 * Serves the prerendered site: hashed assets cached for a year, HTML never cached without
 * revalidation, each prerendered page at its own path, and the site's 404 page otherwise.
 */

export interface BuiltSite {
  clientDir: string;
  /** "/qualify" -> "qualify/index.html" */
  pages: Map<string, string>;
  /** Contents of every inline <script> of every page, for the CSP's hashes. */
  inlineScripts: string[];
  /** The same, page by page ("/staff" -> its own), for a page with its own CSP. */
  inlineScriptsByPage: Map<string, string[]>;
}

const NOT_FOUND_PAGE = "404/index.html";
const CONSOLE_SHELL = "/staff";

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name === "index.html")
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"));
}

export function readBuiltSite(buildDir: string): BuiltSite | undefined {
  const clientDir = resolve(buildDir, "client");
  if (!existsSync(join(clientDir, "index.html"))) return undefined;
  const pages = new Map<string, string>();
  const inlineScripts: string[] = [];
  const inlineScriptsByPage = new Map<string, string[]>();
  for (const file of htmlFiles(clientDir)) {
    const raw = "/" + file.replace(/(^|\/)index\.html$/, "");
    const path = raw === "/" ? "/" : raw.replace(/\/$/, "");
    pages.set(path, file);
    const html = readFileSync(join(clientDir, file), "utf8");
    const own: string[] = [];
    for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      if (match[1]) own.push(match[1]);
    }
    inlineScripts.push(...own);
    inlineScriptsByPage.set(path, own);
  }
  return { clientDir, pages, inlineScripts, inlineScriptsByPage };
}

function cacheControl(filePath: string): string {
  if (filePath.endsWith(".html")) return "no-cache";
  if (filePath.includes(`${sep}assets${sep}`)) return "public, max-age=31536000, immutable";
  return "public, max-age=3600";
}

export const pageRoutes: FastifyPluginAsync<{ site: BuiltSite | undefined }> = async (app, { site }) => {
  const sendNotFound = (reply: FastifyReply) =>
    site?.pages.has("/404")
      ? reply.code(404).type("text/html; charset=utf-8").sendFile(NOT_FOUND_PAGE)
      : reply.code(404).type("text/plain").send("Not found");

  if (site) {
    await app.register(fastifyStatic, {
      root: site.clientDir,
      wildcard: false,
      index: false,
      redirect: false,
      // `npm run build` writes .br and .gz beside each text file (scripts/post-build/precompress.ts).
      preCompressed: true,
      setHeaders: (reply, filePath) => reply.header("cache-control", cacheControl(filePath)),
    });
    for (const [path, file] of site.pages) {
      if (path === "/404") continue;
      app.get(path, (_request, reply) => reply.sendFile(file));
    }
    app.get("/404", (_request, reply) => sendNotFound(reply));
    // The console's views are routes under /staff, rendered in the browser (decision 0027): a deep
    // link or a reload of /staff/leads/ID gets the console's prerendered shell, whose loaders read
    // the rest. (Its CSP and no-store come from app.ts, which treats every /staff path as the console's.)
    const consoleShell = site.pages.get(CONSOLE_SHELL);
    if (consoleShell) app.get(`${CONSOLE_SHELL}/*`, (_request, reply) => reply.sendFile(consoleShell));
  }

  app.setNotFoundHandler((request, reply) => {
    if (isApiRequest(request)) {
      return reply.code(404).send({ error: "Not found" });
    }
    return sendNotFound(reply);
  });
};
