import { useEffect, useRef } from "react";
import type { QualificationOutcome } from "../../../domain/qualification-outcome";
import { Button } from "../../components/button";
import { QUALIFICATION_CHAT_COPY as COPY } from "../../content/qualification-chat";

/** The chat's last message: the outcome and what happens next; a nurse is offered the Talent Network application. */
export function ChatOutcome({
  outcome,
  focusOnMount,
  onApply,
}: {
  outcome: QualificationOutcome;
  focusOnMount: boolean;
  onApply: () => void;
}) {
  const copy = COPY.outcomes[outcome];
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <li className="flex flex-col items-start">
      <span className="text-xs font-semibold text-slate-600">{COPY.assistant}</span>
      <div
        ref={ref}
        tabIndex={-1}
        className="mt-0.5 max-w-[95%] rounded-2xl border-2 border-green-700 bg-green-50 px-4 py-3 text-green-950 focus:outline-3 focus:outline-accent-dark"
      >
        <p className="text-lg font-bold">{copy.title}</p>
        <p className="mt-1">{copy.body}</p>
        {outcome === "nurse" ? (
          <Button className="mt-3" onClick={onApply}>
            {COPY.applyNurse}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
