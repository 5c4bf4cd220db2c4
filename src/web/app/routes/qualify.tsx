import { useCallback, useState } from "react";
import { HydrationBoundary } from "../../components/hydration-boundary";
import { PageHeader } from "../../components/page-header";
import { SiteFooter } from "../../components/site-footer";
import { QUALIFY_COPY } from "../../content/qualify";
import { NurseApplicationDialog } from "../../features/nurse-application/nurse-application-dialog";
import { QualifyWizard } from "../../features/qualify-wizard/qualify-wizard";
import { pageMeta } from "../../lib/page-meta";
import { PATHS } from "../../route-paths";

export const meta = () => pageMeta(PATHS.qualify);

/** The qualification page (spec 2.2) and, from its notice, the nurse application (spec 2.3). */
export default function Page() {
  const [isNurseDialogOpen, setNurseDialogOpen] = useState(false);
  const openNurseDialog = useCallback(() => setNurseDialogOpen(true), []);
  // Each part hydrates on its own, the one touched first (components/hydration-boundary).
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <HydrationBoundary>
        <PageHeader />
      </HydrationBoundary>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:py-12">
        <div className="text-center">
          <p className="inline-block rounded-full border border-orange-200 bg-orange-50 px-3 py-1 text-sm font-semibold text-accent-darker">
            {QUALIFY_COPY.eyebrow}
          </p>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-brand sm:text-4xl">{QUALIFY_COPY.heading}</h1>
          <p className="mx-auto mt-3 max-w-xl text-base text-slate-700 sm:text-lg">{QUALIFY_COPY.intro}</p>
        </div>
        <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-lg sm:p-8">
          <HydrationBoundary>
            <QualifyWizard onApply={openNurseDialog} />
          </HydrationBoundary>
        </div>
        <ul className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm font-medium text-slate-700">
          {QUALIFY_COPY.trust.map((item) => (
            <li key={item} className="flex items-center gap-1.5">
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="size-4 text-green-700"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
              >
                <path d="M4 10.5l4 4 8-9" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              {item}
            </li>
          ))}
        </ul>
      </main>
      <NurseApplicationDialog isOpen={isNurseDialogOpen} onClose={() => setNurseDialogOpen(false)} />
      <HydrationBoundary>
        <SiteFooter />
      </HydrationBoundary>
    </div>
  );
}
