import { useEffect } from "react";
import { STAFF_PATH } from "../route-paths";
import { siteConfig } from "../site-config";

/** The Google tag ids to configure: analytics (G-...) and the Ads account of the conversion (AW-... of "AW-123/label"). */
export function configuredTagIds(integrations = siteConfig.integrations): string[] {
  const adsAccount = integrations.adsConversionSendTo?.split("/")[0];
  return [integrations.googleTagId, adsAccount].filter((id): id is string => Boolean(id));
}

/**
 * Loads gtag.js after the page is interactive, and only when a Google tag id (analytics or an
 * Ads conversion) is configured. No inline script: the queue is set up here, so the CSP needs
 * no `unsafe-inline`. Never on the staff console: it runs only its own code (its CSP would refuse
 * the tag anyway; docs/decisions/0015).
 */
export function GoogleTag({ ids = configuredTagIds() }: { ids?: readonly string[] }) {
  const key = ids.join(",");
  useEffect(() => {
    const tagIds = key ? key.split(",") : [];
    if (tagIds.length === 0 || window.gtag || isConsolePage(window.location.pathname)) return;
    window.dataLayer = window.dataLayer ?? [];
    window.gtag = function gtag() {
      // gtag.js reads the `arguments` object itself, not an array.
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
    window.gtag("js", new Date());
    for (const id of tagIds) window.gtag("config", id);
    const script = document.createElement("script");
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(tagIds[0]!)}`;
    document.head.appendChild(script);
  }, [key]);
  return null;
}

/** /staff and anything under it. */
const isConsolePage = (pathname: string) => pathname === STAFF_PATH || pathname.startsWith(`${STAFF_PATH}/`);
