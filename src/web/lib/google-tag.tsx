import { useEffect } from "react";
import { siteConfig } from "../config";

/**
 * Loads gtag.js after the page is interactive, and only when a Google tag id is configured.
 * No inline script: the queue is set up here, so the CSP needs no `unsafe-inline`.
 */
export function GoogleTag({ id = siteConfig.integrations.googleTagId }: { id?: string | undefined }) {
  useEffect(() => {
    if (!id || window.gtag) return;
    window.dataLayer = window.dataLayer ?? [];
    window.gtag = function gtag() {
      // gtag.js reads the `arguments` object itself, not an array.
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
    window.gtag("js", new Date());
    window.gtag("config", id);
    const script = document.createElement("script");
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
    document.head.appendChild(script);
  }, [id]);
  return null;
}
