import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";
import { Spinner } from "./spinner";

/**
 * The site's one button look. `tone`: accent (the main call to action), brand, plain (a
 * secondary action on white) or light (on a dark band). `size`: md on inner pages and dialogs,
 * lg on the landing page.
 */
export interface ButtonLook {
  tone?: "accent" | "brand" | "plain" | "light";
  size?: "md" | "lg";
  className?: string;
}

const BASE = "inline-flex items-center justify-center gap-2 text-base transition-colors";
const SIZES = {
  md: "min-h-11 rounded-md px-5 py-2.5 font-semibold",
  lg: "min-h-12 rounded-lg px-6 py-3 font-bold",
} as const;
const TONES = {
  accent: "bg-accent-dark text-white hover:bg-accent-darker",
  brand: "bg-brand text-white hover:bg-brand-dark",
  plain: "border border-slate-400 bg-white text-slate-800 hover:bg-slate-50",
  light: "bg-white text-brand-dark hover:bg-orange-50",
} as const;
/** Unavailable (an incomplete step): grey, whatever the tone; `aria-disabled` keeps it focusable. */
const UNAVAILABLE =
  "disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-300 disabled:text-slate-600 " +
  "aria-disabled:cursor-not-allowed aria-disabled:bg-slate-500 aria-disabled:text-white";
/** Busy (posting): keeps its colour, dimmed, with a spinner. */
const BUSY = "cursor-wait opacity-80";

function buttonClass({ tone = "accent", size = "md", className = "" }: ButtonLook, isBusy = false): string {
  return `${BASE} ${SIZES[size]} ${TONES[tone]} ${isBusy ? BUSY : UNAVAILABLE} ${className}`;
}

export interface ButtonProps extends ButtonLook, Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className"> {
  /** Posting: disabled, and `busyLabel` with a spinner in place of the label. */
  isBusy?: boolean;
  busyLabel?: ReactNode;
}

export function Button({
  tone,
  size,
  className,
  isBusy = false,
  busyLabel,
  type = "button",
  disabled,
  children,
  ...button
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || isBusy}
      className={buttonClass({ tone, size, className }, isBusy)}
      {...button}
    >
      {isBusy ? (
        <>
          <Spinner />
          {busyLabel ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** A link that looks like a button (it navigates, so it stays a link). */
export function ButtonLink({ tone, size, className, ...link }: ButtonLook & LinkProps) {
  return <Link className={buttonClass({ tone, size, className })} {...link} />;
}
