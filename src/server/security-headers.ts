import { createHash } from "node:crypto";

/**
 * The Content-Security-Policy: our own origin, plus the sha256 of each inline script of the
 * prerendered pages (React Router's hydration data), so no `unsafe-inline` script is needed.
 */
function scriptHashes(inlineScripts: readonly string[]): string[] {
  const hashes = inlineScripts.map((s) => `'sha256-${createHash("sha256").update(s, "utf8").digest("base64")}'`);
  return [...new Set(hashes)];
}

export interface CspSources {
  inlineScripts: readonly string[];
  /** Extra origins per directive, from configured integrations only. */
  extra?: Partial<
    Record<"scriptSrc" | "connectSrc" | "frameSrc" | "imgSrc" | "styleSrc" | "mediaSrc" | "workerSrc", string[]>
  >;
}

export function contentSecurityPolicy({ inlineScripts, extra = {} }: CspSources) {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    scriptSrc: ["'self'", ...scriptHashes(inlineScripts), ...(extra.scriptSrc ?? [])],
    styleSrc: ["'self'", "'unsafe-inline'", ...(extra.styleSrc ?? [])],
    imgSrc: ["'self'", "data:", ...(extra.imgSrc ?? [])],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...(extra.connectSrc ?? [])],
    frameSrc: [...(extra.frameSrc ?? ["'none'"])],
    mediaSrc: ["'self'", ...(extra.mediaSrc ?? [])],
    workerSrc: ["'self'", "blob:", ...(extra.workerSrc ?? [])],
    upgradeInsecureRequests: null,
  };
}

/**
 * The staff console's own policy (/staff and /api/staff/*): its own code only, whatever
 * integrations the public pages have: scripts from this origin and the hashes of the console
 * page's own inline scripts, requests to this origin, no frames, never framed.
 */
export function consoleContentSecurityPolicy(inlineScripts: readonly string[]): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
    "script-src": ["'self'", ...scriptHashes(inlineScripts)],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "frame-src": ["'none'"],
    "worker-src": ["'none'"],
    "manifest-src": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join(";");
}
