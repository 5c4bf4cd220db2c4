import { useEffect, useRef } from "react";
import { NURSE_APPLICATION_COPY } from "../../content/nurse-application-copy";
import { Button } from "../../components/button";

/** The dialog's thank-you (spec 2.3); it keeps the form's height so the dialog does not jump. */
export function NurseApplicationSuccess({ minHeight, onDone }: { minHeight: number; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const copy = NURSE_APPLICATION_COPY.success;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div
      role="status"
      className="flex flex-col items-center justify-center py-8 text-center"
      style={{ minHeight: Math.max(0, minHeight - 40) }}
    >
      <div className="flex size-16 items-center justify-center rounded-full bg-green-100">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-9 text-green-700"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        >
          <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <h3 ref={headingRef} tabIndex={-1} className="mt-5 text-3xl font-bold text-slate-900 focus:outline-none">
        {copy.title}
      </h3>
      <p className="mt-3 max-w-md text-base text-slate-700">{copy.body}</p>
      <p className="mt-2 max-w-md text-base text-slate-700">{copy.watch}</p>
      <Button tone="brand" onClick={onDone} className="mt-8 px-6">
        {copy.done}
      </Button>
    </div>
  );
}
