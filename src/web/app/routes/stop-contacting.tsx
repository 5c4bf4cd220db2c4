import { useEffect, useRef, useState, type FormEvent } from "react";
import { PageHeader } from "../../components/page-header";
import { SiteFooter } from "../../components/site-footer";
import { Button } from "../../components/button";
import { siteConfig, telHref } from "../../site-config";
import { STOP_CONTACTING_COPY as COPY } from "../../content/stop-contacting";
import { stopContacting } from "../../lib/stop-contacting-api";
import { pageMeta } from "../../lib/page-meta";
import { PATHS } from "../../route-paths";
import { tokenOfFragment } from "../../../domain/do-not-contact";

export const meta = () => pageMeta(PATHS.stopContacting);

type Status = { kind: "idle" } | { kind: "busy" } | { kind: "done" } | { kind: "failed"; message: string };

/**
 * "Stop contacting me" (decision 0033): the link at the foot of every e-mail to a lead, its token in
 * the fragment (never sent to a server by the browser). Opening the page changes nothing, so a
 * mail scanner that follows the link opts no one out; the button's POST does.
 */
export default function Page() {
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const doneHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (status.kind === "done") doneHeading.current?.focus();
  }, [status.kind]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (status.kind === "busy") return; // a second press while the first is on its way
    const token = tokenOfFragment(window.location.hash);
    if (!token) return setStatus({ kind: "failed", message: COPY.noToken });
    setStatus({ kind: "busy" });
    const result = await stopContacting(token);
    setStatus(result.ok ? { kind: "done" } : { kind: "failed", message: result.error ?? COPY.failed });
  }

  return (
    <>
      <PageHeader />
      <main className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
        {status.kind === "done" ? (
          <div role="status">
            <h1 ref={doneHeading} tabIndex={-1} className="text-3xl font-extrabold tracking-tight text-slate-900">
              {COPY.doneHeading}
            </h1>
            <p className="mt-4 text-lg leading-relaxed text-slate-700">{COPY.doneBody}</p>
          </div>
        ) : (
          <>
            <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{COPY.heading}</h1>
            <p className="mt-4 text-lg leading-relaxed text-slate-700">{COPY.intro}</p>
            <form className="mt-8" onSubmit={(event) => void submit(event)}>
              <Button type="submit" tone="brand" isBusy={status.kind === "busy"} busyLabel={COPY.busy}>
                {COPY.button}
              </Button>
            </form>
            <p role="alert" className={status.kind === "failed" ? "mt-4 font-medium text-red-800" : undefined}>
              {status.kind === "failed" ? status.message : null}
            </p>
          </>
        )}
        <p className="mt-10 text-slate-700">
          {COPY.contact}{" "}
          <a className="font-medium text-brand underline underline-offset-2" href={telHref(siteConfig.phone)}>
            {siteConfig.phone}
          </a>{" "}
          ·{" "}
          <a className="font-medium text-brand underline underline-offset-2" href={`mailto:${siteConfig.email}`}>
            {siteConfig.email}
          </a>
        </p>
      </main>
      <SiteFooter />
    </>
  );
}
