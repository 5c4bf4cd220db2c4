import type { FormStatus } from "./form-state";

/**
 * The failed post's message beside the form (spec 4: the alert's text stays on screen). The
 * live region is always rendered, so the message is announced when it appears.
 */
export function FailureAlert({ status, className = "" }: { status: FormStatus; className?: string }) {
  return (
    <div role="alert">
      {status.kind === "failed" && status.message ? (
        <p
          className={`rounded-md border-2 border-red-700 bg-red-50 p-3 text-sm font-semibold text-red-800 ${className}`}
        >
          {status.message}
        </p>
      ) : null}
    </div>
  );
}
