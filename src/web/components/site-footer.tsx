import { Link } from "react-router";
import { siteConfig, telHref } from "../site-config";
import { FOOTER_COPY } from "../content/site-copy";
import { PATHS } from "../route-paths";

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 px-4 py-8 text-sm text-slate-700">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p>
          © {siteConfig.copyrightYear} {siteConfig.brandName}. {FOOTER_COPY.rights}
        </p>
        <nav aria-label={FOOTER_COPY.navLabel} className="flex flex-wrap gap-x-5 gap-y-2">
          <Link className="underline" to={PATHS.privacy}>
            {FOOTER_COPY.privacy}
          </Link>
          <a className="underline" href={telHref(siteConfig.phone)}>
            {siteConfig.phone}
          </a>
          <a className="underline" href={`mailto:${siteConfig.email}`}>
            {siteConfig.email}
          </a>
        </nav>
      </div>
    </footer>
  );
}
