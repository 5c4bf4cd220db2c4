import { useLayoutEffect, useRef, type ReactNode } from "react";
import {
  answerLabel,
  answeredQuestionIds,
  questionOf,
  questionTopic,
  type QualificationAnswers,
  type QuestionId,
} from "../../../domain/qualification-questions";
import { QUALIFICATION_CHAT_COPY as COPY } from "../../content/qualification-chat";

export interface ChatLogProps {
  greeting: string;
  answers: QualificationAnswers;
  /** The question being asked (the next one, or an earlier one being changed); null once complete. */
  asking: QuestionId | null;
  /** Whether `asking` is an earlier question being changed. */
  isChanging: boolean;
  pending: { value: string; failed: boolean } | null;
  /** Offer to change earlier answers (not once complete, nor while sending). */
  canChange: boolean;
  onChange: (id: QuestionId) => void;
  /** The outcome's messages, once complete. */
  ending?: ReactNode;
}

function Bubble({ from, children }: { from: "assistant" | "you"; children: ReactNode }) {
  const isYou = from === "you";
  return (
    <li className={`flex flex-col ${isYou ? "items-end" : "items-start"}`}>
      <span className="text-xs font-semibold text-slate-600">{isYou ? COPY.you : COPY.assistant}</span>
      <div
        className={`mt-0.5 max-w-[85%] rounded-2xl px-3 py-2 break-words ${isYou ? "bg-brand text-white" : "bg-slate-100 text-slate-900"}`}
      >
        {children}
      </div>
    </li>
  );
}

/**
 * The conversation: one `role="log"` (polite by default), so each new message is announced
 * once. Scrolled to its end whenever it grows (instantly: no animation to reduce).
 */
export function ChatLog({ greeting, answers, asking, isChanging, pending, canChange, onChange, ending }: ChatLogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const answered = answeredQuestionIds(answers);
  const count = answered.length + (pending ? 1 : 0) + (asking ? 1 : 0) + (ending ? 1 : 0);
  useLayoutEffect(() => {
    const log = ref.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [count, asking, pending?.failed]);
  return (
    <div
      ref={ref}
      role="log"
      aria-label={COPY.logLabel}
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto p-4 focus:outline-3 focus:outline-offset-[-3px] focus:outline-accent-dark"
    >
      <ol className="flex flex-col gap-3">
        <Bubble from="assistant">{greeting}</Bubble>
        {answered.map((id) => (
          <QuestionAndAnswer
            key={id}
            id={id}
            value={answers[id]!}
            canChange={canChange && id !== asking}
            onChange={onChange}
          />
        ))}
        {asking ? (
          <Bubble from="assistant">
            {isChanging ? `${COPY.changing} ` : ""}
            {questionOf(asking).prompt}
          </Bubble>
        ) : null}
        {pending && asking ? (
          <Bubble from="you">
            {answerLabel(asking, pending.value)}
            {pending.failed ? <span className="mt-1 block text-xs font-semibold">({COPY.notSent})</span> : null}
          </Bubble>
        ) : null}
        {ending}
      </ol>
    </div>
  );
}

function QuestionAndAnswer({
  id,
  value,
  canChange,
  onChange,
}: {
  id: QuestionId;
  value: string;
  canChange: boolean;
  onChange: (id: QuestionId) => void;
}) {
  return (
    <>
      <Bubble from="assistant">{questionOf(id).prompt}</Bubble>
      <Bubble from="you">
        {answerLabel(id, value)}
        {canChange ? (
          <button
            type="button"
            aria-label={COPY.changeLabel(questionTopic(id))}
            className="ml-3 min-h-6 text-sm font-semibold text-white underline underline-offset-2"
            onClick={() => onChange(id)}
          >
            {COPY.change}
          </button>
        ) : null}
      </Bubble>
    </>
  );
}
