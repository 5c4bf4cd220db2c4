import { useNavigate } from "react-router";
import { siteConfig } from "../site-config";
import { HEADER_COPY } from "../content/site-copy";
import { PATHS } from "../route-paths";

/** Header of the inner pages: "Back to Home" (to /) and the provider's external site. */
export function PageHeader() {
  const navigate = useNavigate();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3">
        <button
          type="button"
          onClick={() => navigate(PATHS.home)}
          className="min-h-11 shrink-0 whitespace-nowrap rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          <span aria-hidden="true">← </span>
          {HEADER_COPY.backToHome}
        </button>
        <a href={siteConfig.companySiteUrl} className="text-sm font-semibold text-brand underline" rel="noopener">
          {HEADER_COPY.companySite(siteConfig.brandName)}
        </a>
      </div>
    </header>
  );
}
