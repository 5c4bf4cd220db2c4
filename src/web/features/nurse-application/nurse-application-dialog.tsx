import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { siteConfig } from "../../site-config";
import { NURSE_APPLICATION_COPY } from "../../content/nurse-application-copy";
import type { submitNurseApplication } from "../../lib/api";
import { NurseApplicationForm } from "./nurse-application-form";
import { NurseApplicationSuccess } from "./nurse-application-success";

export interface NurseApplicationDialogProps {
  isOpen: boolean;
  onClose: () => void;
  submit?: typeof submitNurseApplication;
}

const TITLE_ID = "nurse-application-title";
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled])';

/**
 * A modal dialog lets Tab leave for the browser's own toolbar after its last control; keep the
 * cycle inside the dialog instead, as users of other sites' modals expect.
 */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.offsetParent !== null && !el.closest("[aria-hidden='true']"),
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  const isInside = event.currentTarget.contains(active) && focusable.includes(active as HTMLElement);
  if (event.shiftKey && (active === first || !isInside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !isInside)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The nurse application modal (spec 2.3) on the native <dialog>: showModal() gives focus
 * containment, Escape and an inert page behind it. The close button, a click on the backdrop
 * and Escape close it; focus returns to the control that opened it.
 */
export function NurseApplicationDialog({ isOpen, onClose, submit }: NurseApplicationDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const pressStartedOnBackdrop = useRef(false);
  const [successHeight, setSuccessHeight] = useState<number | undefined>(undefined);
  const isSucceeded = successHeight !== undefined;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!isOpen && dialog.open) {
      dialog.close();
    }
    if (!isOpen) return;
    // The page behind a modal should not scroll under the visitor's finger.
    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = previousOverflow;
    };
  }, [isOpen]);

  function handleClosed() {
    // Every opening starts a fresh form (its fields are not in the page while closed).
    setSuccessHeight(undefined);
    onClose();
    openerRef.current?.focus();
  }

  // Only a press that starts and ends on the backdrop closes (not a text selection dragged out).
  const isBackdrop = (event: MouseEvent) => event.target === dialogRef.current;

  return (
    <dialog
      ref={dialogRef}
      // The title exists only while open (nothing of the dialog is in the page while closed).
      aria-labelledby={isOpen ? TITLE_ID : undefined}
      onClose={handleClosed}
      onKeyDown={keepTabInside}
      onMouseDown={(event) => {
        pressStartedOnBackdrop.current = isBackdrop(event);
      }}
      onClick={(event) => {
        if (isBackdrop(event) && pressStartedOnBackdrop.current) dialogRef.current?.close();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-2rem))] overflow-hidden rounded-xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60"
    >
      {isOpen ? (
        <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
            <div>
              <h2 id={TITLE_ID} className="text-xl font-bold text-brand sm:text-2xl">
                {NURSE_APPLICATION_COPY.title(siteConfig.brandName)}
              </h2>
              <p className="mt-1 text-sm text-slate-600">{NURSE_APPLICATION_COPY.intro}</p>
            </div>
            <button
              type="button"
              aria-label={NURSE_APPLICATION_COPY.close}
              onClick={() => dialogRef.current?.close()}
              className="-mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <div ref={bodyRef} className="overflow-y-auto px-5 py-5 sm:px-6">
            {isSucceeded ? (
              <NurseApplicationSuccess minHeight={successHeight} onDone={() => dialogRef.current?.close()} />
            ) : (
              <NurseApplicationForm
                submit={submit}
                onSucceeded={() => {
                  // Closed while posting: the next opening starts fresh rather than thanked.
                  if (dialogRef.current?.open) setSuccessHeight(bodyRef.current?.clientHeight ?? 0);
                }}
              />
            )}
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
