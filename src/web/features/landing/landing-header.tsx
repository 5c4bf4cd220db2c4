import { siteConfig, telHref } from "../../site-config";
import { LANDING_HEADER_COPY } from "../../content/landing-form";
import { scrollToFormButton } from "../../lib/scroll-to-form";
import { Icon } from "./icons";
import { PATHS } from "../../route-paths";

/** The landing page's top bar: brand, toll-free number, and a demo button from sm up. */
export function LandingHeader() {
  return (
    <header className="bg-brand-dark text-white [&_*:focus-visible]:outline-white">
      <nav
        aria-label={LANDING_HEADER_COPY.navLabel}
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6"
      >
        <a
          href={PATHS.home}
          className="flex items-center gap-2 text-base font-extrabold tracking-tight whitespace-nowrap sm:text-lg"
        >
          <svg aria-hidden="true" width="28" height="28" viewBox="0 0 28 28">
            <rect width="28" height="28" rx="7" fill="#FF6200" />
            <path d="M14 7v14M7 14h14" stroke="#072a40" strokeWidth="4" strokeLinecap="round" />
          </svg>
          {siteConfig.brandName}
        </a>
        <div className="flex items-center gap-4">
          <a
            href={telHref(siteConfig.phone)}
            className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 text-sm font-bold whitespace-nowrap underline-offset-4 hover:underline"
          >
            <Icon name="phone" size={18} className="text-orange-300" />
            <span className="sr-only sm:not-sr-only">{siteConfig.phone}</span>
          </a>
          <button
            type="button"
            {...scrollToFormButton}
            className="hidden min-h-11 items-center rounded-lg bg-white px-4 text-sm font-bold text-brand-dark hover:bg-orange-50 sm:inline-flex"
          >
            {LANDING_HEADER_COPY.demoButton}
          </button>
        </div>
      </nav>
    </header>
  );
}
