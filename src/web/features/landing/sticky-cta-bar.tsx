import { siteConfig, telHref } from "../../site-config";
import { STICKY_CTA_COPY } from "../../content/landing-offer";
import { scrollToFormButton } from "../../lib/scroll-to-form";

/**
 * Section 10: a bar fixed to the bottom of the screen on mobile only (display:none from md up).
 * While it shows, a spacer keeps the end of the page above it, and the page's scroll padding
 * keeps a focused control from hiding under it (WCAG 2.4.11).
 */
export function StickyCtaBar() {
  return (
    <>
      <div aria-hidden="true" className="h-20 md:hidden" />
      <aside
        aria-label={STICKY_CTA_COPY.label}
        data-sticky-cta=""
        className="fixed inset-x-0 bottom-0 z-40 max-md:[html:has(&)]:scroll-pb-24 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgba(15,23,42,0.12)] backdrop-blur md:hidden"
      >
        <div className="mx-auto flex max-w-md items-center gap-3">
          <a
            href={telHref(siteConfig.phone)}
            className="inline-flex min-h-12 items-center justify-center rounded-lg border border-slate-300 px-4 font-bold text-brand-dark"
          >
            {STICKY_CTA_COPY.call}
          </a>
          <button
            type="button"
            {...scrollToFormButton}
            className="inline-flex min-h-12 flex-1 items-center justify-center rounded-lg bg-accent-dark px-4 font-bold text-white"
          >
            {STICKY_CTA_COPY.demoButton}
          </button>
        </div>
      </aside>
    </>
  );
}
