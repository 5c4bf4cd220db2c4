import { useEffect, useState } from "react";
import { QUALIFICATION_OUTCOMES, type QualificationOutcome } from "../../../domain/qualification-outcome";
import {
  isQuestionId,
  questionOf,
  type QualificationAnswers,
  type QuestionId,
} from "../../../domain/qualification-questions";
import type { QualificationState } from "../../../domain/qualification-requests";
import { Button } from "../../components/button";
import { QUALIFICATION_CHAT_COPY as COPY } from "../../content/qualification-chat";
import { fetchQualification, type QualificationResult } from "./qualification-api";
import {
  clearQualificationSession,
  readQualificationSession,
  saveQualificationSession,
  takeResumeLink,
  type QualificationSession,
} from "../../lib/qualification-session";
import { AnswerForm } from "./answer-form";
import { ChatContactForm } from "./chat-contact-form";
import { ChatLog } from "./chat-log";
import { ChatOutcome } from "./chat-outcome";

export interface ChatEnding {
  outcome: Exclude<QualificationOutcome, "nurse">;
  session: QualificationSession;
  interacted: boolean;
}

type Phase =
  | { kind: "starting" }
  /** No lead yet (or its token expired): contact details first. */
  | { kind: "contact"; isExpired: boolean }
  | { kind: "chatting"; session: QualificationSession; state: QualificationState }
  /** The server could not be reached to resume: try again. */
  | { kind: "unreachable"; session: QualificationSession };

const outcomeOf = (value: string | null): QualificationOutcome | null =>
  QUALIFICATION_OUTCOMES.find((outcome) => outcome === value) ?? null;

/**
 * Our text qualification (decision 0011), loaded after the page is interactive. The server holds
 * the conversation; the browser holds only the session (lib/qualification-session). Focus:
 * nothing is focused on load; after each answer the next question's first control (first
 * quick reply, or its input) takes focus; "Change" focuses that question's control; a failed
 * send focuses "Send again"; the end focuses the outcome message.
 */
export default function QualificationChat({
  onApplyNurse,
  onEnded,
}: {
  onApplyNurse: () => void;
  /**
   * A facility outcome is told to the page, which shows it and what comes next below
   * the chat, not in it; `interacted`: reached in this visit (not a resumed, finished chat).
   */
  onEnded?: (ended: ChatEnding | null) => void;
}) {
  // Rendered in the browser only (after hydration), so the stored session is read at once; the
  // confirmation e-mail's link (its fragment) comes before a session this browser kept.
  const [initialSession] = useState(() => takeResumeLink() ?? readQualificationSession());
  const [phase, setPhase] = useState<Phase>(
    initialSession ? { kind: "starting" } : { kind: "contact", isExpired: false },
  );
  const [changing, setChanging] = useState<QuestionId | null>(null);
  const [pending, setPending] = useState<{ value: string; failed: boolean } | null>(null);
  const [hasInteracted, setInteracted] = useState(false);

  const settle = (session: QualificationSession, result: QualificationResult) => {
    if (result.ok) {
      const named = { ...session, firstName: result.state.firstName, facilityName: result.state.facilityName };
      saveQualificationSession(named);
      setPhase({ kind: "chatting", session: named, state: result.state });
    } else if (result.status === 401 || result.status === 400) {
      clearQualificationSession();
      setPhase({ kind: "contact", isExpired: true });
    } else setPhase({ kind: "unreachable", session });
  };
  const resume = async (session: QualificationSession | undefined) => {
    if (!session) return setPhase({ kind: "contact", isExpired: false });
    settle(session, await fetchQualification(session));
  };

  useEffect(() => {
    if (!initialSession) return;
    void fetchQualification(initialSession).then((result) => settle(initialSession, result));
  }, [initialSession]);

  const ended = phase.kind === "chatting" ? outcomeOf(phase.state.outcome) : null;
  const endedSession = phase.kind === "chatting" ? phase.session : undefined;
  useEffect(() => {
    if (!onEnded) return;
    onEnded(
      ended && ended !== "nurse" && endedSession
        ? { outcome: ended, session: endedSession, interacted: hasInteracted }
        : null,
    );
    // Told once per outcome reached, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ended, endedSession?.leadId]);

  if (phase.kind === "starting") {
    return <p className="flex flex-1 items-center justify-center text-slate-600">{COPY.loading}</p>;
  }
  if (phase.kind === "unreachable") {
    return (
      <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
        <p className="font-semibold text-slate-900">{COPY.sendFailed}</p>
        <Button onClick={() => void resume(phase.session)}>{COPY.sendAgain}</Button>
      </div>
    );
  }
  if (phase.kind === "contact") {
    return (
      <ChatContactForm
        isExpired={phase.isExpired}
        onStored={() => {
          setInteracted(true);
          void resume(readQualificationSession());
        }}
      />
    );
  }

  const { session, state } = phase;
  const answers = state.answers as QualificationAnswers;
  const next = isQuestionId(state.nextQuestion) ? state.nextQuestion : null;
  const outcome = outcomeOf(state.outcome);
  const asking = outcome ? null : (changing ?? next);
  const onAnswered = (saved: QualificationState) => {
    saveQualificationSession(session);
    setInteracted(true);
    setChanging(null);
    setPhase({ kind: "chatting", session, state: saved });
  };

  return (
    <>
      <ChatLog
        greeting={COPY.greetingKnown(state.firstName, state.facilityName)}
        answers={answers}
        asking={asking}
        isChanging={changing !== null}
        pending={pending}
        canChange={!outcome && pending === null}
        onChange={(id) => {
          setInteracted(true);
          setChanging(id);
        }}
        ending={
          outcome && (outcome === "nurse" || !onEnded) ? (
            <ChatOutcome outcome={outcome} focusOnMount={hasInteracted} onApply={onApplyNurse} />
          ) : null
        }
      />
      {asking ? (
        <AnswerForm
          key={`${asking}:${changing ? "change" : "next"}`}
          session={session}
          questionId={asking}
          question={questionOf(asking)}
          initialValue={changing ? (answers[changing] ?? "") : ""}
          focusOnMount={hasInteracted}
          onAnswered={onAnswered}
          onPendingChange={setPending}
          onRefused={(result) => {
            if (result.status === 401) {
              clearQualificationSession();
              setPhase({ kind: "contact", isExpired: true });
            } else void resume(session);
          }}
          {...(changing ? { onCancelChange: () => setChanging(null) } : {})}
        />
      ) : null}
    </>
  );
}
