import { Children, cloneElement, isValidElement, useEffect, useRef, type ReactElement, type ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "../../components/button";
import { CONSOLE_COPY } from "../../content/staff-console";
import { ConsoleError } from "./staff-api";
import { CONSOLE_PATHS } from "./console-paths";

/** Small pieces the console's views share (buttons are the site's `Button`: tone brand, or plain for a secondary action). */

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

/** A time in the viewer's zone (the browser's, or the one given), the zone named: "Tue, Dec 1, 2026, 2:30 PM EST". */
export const formatDateTime = (iso: string | null | undefined, timeZone?: string) =>
  iso && Number.isFinite(Date.parse(iso))
    ? new Date(iso).toLocaleString("en-US", {
        ...(timeZone ? { timeZone } : {}),
        weekday: "short",
        month: "short",
        day: "numeric",
        year: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZoneName: "short",
      })
    : (iso ?? "");

/** A description list of label/value pairs, values always as text. */
export function Details({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[minmax(10rem,auto)_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-slate-800">{label}</dt>
          <dd className="min-w-0 break-words text-slate-900 [overflow-wrap:anywhere]">
            {value === "" || value === null || value === undefined ? "—" : value}
          </dd>
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
  busyLabel,
  cancelLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  heading: string;
  children: ReactNode;
  confirmLabel: string;
  /** Shown with a spinner while the step is saved. */
  busyLabel?: string;
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
        <Button tone="brand" onClick={onConfirm} isBusy={busy} busyLabel={busyLabel}>
          {confirmLabel}
        </Button>
        <Button tone="plain" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
      </div>
    </dialog>
  );
}

/**
 * On a phone (below 640 px) each row is a card: its cells one under another, each named by its
 * column (the cell's `data-label`, shown before it), the row header first, an empty cell left out;
 * no sideways scrolling.
 */
const CARDS_ON_PHONES = [
  "max-sm:block max-sm:[&_tbody]:block max-sm:[&_thead]:sr-only max-sm:[&_tbody_td:empty]:hidden",
  "max-sm:[&_tbody>tr]:flex max-sm:[&_tbody>tr]:flex-col max-sm:[&_tbody>tr]:py-2",
  "max-sm:[&_tbody_:is(td,th)]:block max-sm:[&_tbody_:is(td,th)]:py-1 max-sm:[&_tbody_th]:order-first max-sm:[&_tbody_th]:font-semibold",
  "max-sm:[&_td[data-label]]:before:block max-sm:[&_td[data-label]]:before:text-xs max-sm:[&_td[data-label]]:before:font-semibold max-sm:[&_td[data-label]]:before:text-slate-700 max-sm:[&_td[data-label]]:before:content-[attr(data-label)]",
].join(" ");

/** Each row's cells get their column's name as `data-label` (the phone's cards show it). */
const labelled = (rows: ReactNode, columns: readonly string[]) =>
  Children.map(rows, (row) =>
    isValidElement<{ children?: ReactNode }>(row)
      ? cloneElement(
          row,
          undefined,
          Children.toArray(row.props.children).map((cell, index) =>
            isValidElement(cell) && cell.type === "td" && columns[index]
              ? cloneElement(cell as ReactElement<{ "data-label"?: string }>, { "data-label": columns[index] })
              : cell,
          ),
        )
      : row,
  );

/** A table with its caption and column headers (th scope="col"); rows give their own row header. */
export function DataTable({
  caption,
  columns,
  empty,
  children,
}: {
  caption: string;
  columns: readonly string[];
  empty?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="mt-4 overflow-x-auto rounded-lg bg-white ring-1 ring-slate-300">
      <table className={`w-full text-left text-sm ${CARDS_ON_PHONES}`}>
        <caption className="p-3 text-left font-semibold text-slate-800 max-sm:block">{caption}</caption>
        <thead className="bg-slate-100">
          <tr>
            {columns.map((label) => (
              <th key={label} scope="col" className="px-3 py-2 font-semibold">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{labelled(children, columns)}</tbody>
      </table>
      {empty ? <p className="p-3">{empty}</p> : null}
    </div>
  );
}

/** A link to another view of the console (a route under /staff). */
export function ViewLink({ to, label, children }: { to: string; label?: string; children: ReactNode }) {
  return (
    <Link to={to} className={linkClass} aria-label={label}>
      {children}
    </Link>
  );
}

/** A view's failure in words: its route's error boundary (a loader that threw, a page not found). */
export function ViewError({ error, back }: { error: unknown; back?: ReactNode }) {
  // A page this account's role may not open: said in words at its own address, with the way back (decision 0035).
  if (error instanceof ConsoleError && error.status === 403) {
    return (
      <div>
        <ViewHeading>{error.message}</ViewHeading>
        <p className="mt-2 text-slate-700">{CONSOLE_COPY.refused.why}</p>
        <p className="mt-4">
          <ViewLink to={CONSOLE_PATHS.leads}>{CONSOLE_COPY.refused.back}</ViewLink>
        </p>
      </div>
    );
  }
  const message = error instanceof ConsoleError ? error.message : CONSOLE_COPY.failed;
  return (
    <div>
      {back}
      <ErrorMessage message={message} />
    </div>
  );
}

/** A titled part of a page (a region named by its heading). */
export function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-6 rounded-lg bg-white p-4 ring-1 ring-slate-300">
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** Keyset paging: "First page" once past it, "Next page" while there is one. */
export function Pager({
  isPaged,
  nextCursor,
  onPage,
}: {
  isPaged: boolean;
  nextCursor: string | null | undefined;
  onPage: (cursor: string | undefined) => void;
}) {
  return (
    <div className="mt-4 flex flex-wrap gap-3">
      {isPaged ? (
        <Button tone="plain" onClick={() => onPage(undefined)}>
          {CONSOLE_COPY.leads.first}
        </Button>
      ) : null}
      {nextCursor ? (
        <Button tone="plain" onClick={() => onPage(nextCursor)}>
          {CONSOLE_COPY.leads.next}
        </Button>
      ) : null}
    </div>
  );
}
