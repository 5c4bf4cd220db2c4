import { scrollToFormButton } from "../../lib/scroll-to-form";

export interface DemoButtonProps {
  children: string;
  tone?: "accent" | "light";
  className?: string;
}

const TONES = {
  accent: "bg-accent-dark text-white hover:bg-[#a33e00] shadow-lg shadow-orange-900/20",
  light: "bg-white text-brand-dark hover:bg-orange-50",
} as const;

/** Every "demo" call-to-action: brings the lead form into view and moves the focus into it. */
export function DemoButton({ children, tone = "accent", className = "" }: DemoButtonProps) {
  return (
    <button
      type="button"
      {...scrollToFormButton}
      className={`inline-flex min-h-12 items-center justify-center gap-2 rounded-lg px-6 py-3 text-base font-bold transition-colors ${TONES[tone]} ${className}`}
    >
      {children}
      <svg aria-hidden="true" width="18" height="18" viewBox="0 0 20 20" fill="currentColor">
        <path d="M10.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4l3.3-3.3H4a1 1 0 1 1 0-2h9.6l-3.3-3.3a1 1 0 0 1 0-1.4z" />
      </svg>
    </button>
  );
}
