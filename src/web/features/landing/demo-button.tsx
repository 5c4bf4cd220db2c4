import { scrollToFormButton } from "../../lib/scroll-to-form";
import { Button } from "../../components/button";

export interface DemoButtonProps {
  children: string;
  tone?: "accent" | "light";
  className?: string;
}

/** Every "demo" call-to-action: brings the lead form into view and moves the focus into it. */
export function DemoButton({ children, tone = "accent", className = "" }: DemoButtonProps) {
  return (
    <Button
      {...scrollToFormButton}
      tone={tone}
      size="lg"
      className={`${tone === "accent" ? "shadow-lg shadow-orange-900/20" : ""} ${className}`}
    >
      {children}
      <svg aria-hidden="true" width="18" height="18" viewBox="0 0 20 20" fill="currentColor">
        <path d="M10.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4l3.3-3.3H4a1 1 0 1 1 0-2h9.6l-3.3-3.3a1 1 0 0 1 0-1.4z" />
      </svg>
    </Button>
  );
}
