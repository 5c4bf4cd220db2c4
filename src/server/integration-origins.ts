import type { Config } from "./config";
import type { CspSources } from "./security-headers";

type Extra = NonNullable<CspSources["extra"]>;
type Directive = keyof Extra;

const VAPI_DEFAULT_API_URL = "https://api.vapi.ai";

/**
 * What the voice call library (@daily-co/daily-js, loaded by @vapi-ai/web) reaches, read from its
 * source and Daily's CSP guide: its call machine script from c.daily.co (the adapter sets
 * `avoidEval`, so a script tag instead of fetch + eval, and no 'unsafe-eval'); the room API and geo
 * lookup (gs.daily.co) on *.daily.co; signalling on wss://*.wss.daily.co; media-server endpoints
 * on *.pluot.blue; and its error reports to Sentry (the DSN in its bundle). 'wasm-unsafe-eval'
 * lets its noise-cancellation processor compile WebAssembly (without it the call still works,
 * unfiltered). The media itself (WebRTC) is not governed by CSP.
 */
const DAILY: Extra = {
  scriptSrc: ["https://c.daily.co", "'wasm-unsafe-eval'"],
  connectSrc: ["https://*.daily.co", "wss://*.wss.daily.co", "https://*.pluot.blue", "https://o77906.ingest.sentry.io"],
};

/** Google tag (gtag.js) and GA4 collection, per Google's CSP guide. */
const GOOGLE_TAG: Extra = {
  scriptSrc: ["https://www.googletagmanager.com"],
  connectSrc: ["https://www.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com"],
  imgSrc: ["https://www.googletagmanager.com", "https://*.google-analytics.com"],
};

/** Google Ads conversion measurement (gtag.js with an AW- id), per Google's CSP guide. */
const GOOGLE_ADS: Extra = {
  scriptSrc: [
    "https://www.googletagmanager.com",
    "https://www.googleadservices.com",
    "https://googleads.g.doubleclick.net",
  ],
  connectSrc: ["https://www.googleadservices.com", "https://googleads.g.doubleclick.net", "https://www.google.com"],
  imgSrc: ["https://www.googleadservices.com", "https://googleads.g.doubleclick.net", "https://www.google.com"],
  frameSrc: ["https://www.googletagmanager.com", "https://td.doubleclick.net"],
};

const originOf = (url: string) => new URL(url).origin;

/**
 * The origins that configured integrations (voice, chat widget, analytics) need in the CSP.
 * An unconfigured integration adds nothing; voice counts as configured only with both its
 * public key and its assistant id (the page offers no call otherwise).
 */
export function integrationOrigins(config: Config): Extra {
  const parts: Extra[] = [];
  if (config.VITE_VAPI_PUBLIC_KEY && config.VITE_VAPI_ASSISTANT_ID) {
    parts.push({ connectSrc: [originOf(config.VITE_VAPI_API_URL ?? VAPI_DEFAULT_API_URL)] }, DAILY);
  }
  if (config.VITE_CHAT_WIDGET_SRC) {
    // A chat widget serves its script, API, frames, images and styles from its own origin; we
    // know no more than that origin, so that is all we allow.
    const origin = originOf(config.VITE_CHAT_WIDGET_SRC);
    parts.push({ scriptSrc: [origin], connectSrc: [origin], frameSrc: [origin], imgSrc: [origin], styleSrc: [origin] });
  }
  if (config.VITE_GOOGLE_TAG_ID) parts.push(GOOGLE_TAG);
  if (config.VITE_ADS_CONVERSION_SEND_TO) parts.push(GOOGLE_ADS);
  return merge(parts);
}

function merge(parts: Extra[]): Extra {
  const merged: Extra = {};
  for (const part of parts) {
    for (const [directive, sources] of Object.entries(part) as Array<[Directive, string[]]>) {
      merged[directive] = [...new Set([...(merged[directive] ?? []), ...sources])];
    }
  }
  return merged;
}
