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
  extra?: Partial<Record<"scriptSrc" | "connectSrc" | "frameSrc" | "imgSrc" | "styleSrc" | "mediaSrc" | "workerSrc", string[]>>;
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
