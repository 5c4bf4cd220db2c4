import { useEffect, useRef, type ReactNode } from "react";

/** Small pieces the console's views share. */

export const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60";
export const secondaryButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-slate-400 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-100";
export const linkClass = "font-semibold text-brand underline underline-offset-2";

/** An error in words, announced when it appears. */
export function ErrorMessage({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-3 rounded-md border border-red-700 bg-red-50 p-3 font-medium text-red-800">
      {message}
    </p>
  );
}

/** A success line, announced politely. */
export function StatusMessage({ message }: { message: string | undefined }) {
  return (
    <p role="status" className="mt-3 min-h-6 font-medium text-green-800">
      {message}
    </p>
  );
}

/** A heading that takes focus when it appears, so a keyboard or screen-reader user lands on the new view. */
export function ViewHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 ref={ref} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none sm:text-3xl">
      {children}
    </h1>
  );
}

export const formatDateTime = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "";

/** A description list of label/value pairs, values always as text. */
export function Details({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[minmax(10rem,auto)_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-slate-800">{label}</dt>
          <dd className="break-words text-slate-900 [overflow-wrap:anywhere]">{value === "" || value === null || value === undefined ? "—" : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A confirmation step: a modal dialog that traps focus (native <dialog>), Confirm or Cancel. */
export function ConfirmDialog({
  open,
  heading,
  children,
  confirmLabel,
  cancelLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  heading: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="confirm-heading"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id="confirm-heading" className="text-xl font-bold text-slate-900">
        {heading}
      </h2>
      <div className="mt-3 text-slate-800">{children}</div>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" className={buttonClass} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
      </div>
    </dialog>
  );
}
