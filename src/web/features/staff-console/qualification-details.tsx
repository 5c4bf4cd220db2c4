import { OUTCOME_LABELS, type QualificationOutcome } from "../../../domain/qualification-outcome";
import {
  answerLabel,
  answeredQuestionIds,
  questionTopic,
  type QualificationAnswers,
} from "../../../domain/qualification-questions";
import type { LeadQualification } from "../../../domain/staff-console-api";
import { CONSOLE_COPY } from "../../content/staff-console";
import { Details, formatDateTime } from "./console-ui";

const COPY = CONSOLE_COPY.qualification;

const outcomeText = (status: string | null | undefined) =>
  status === "in_progress"
    ? COPY.inProgress
    : status && status !== "none"
      ? (OUTCOME_LABELS[status as QualificationOutcome] ?? status)
      : COPY.none;

/** Answers shown one way for both channels: each question asked, in order, by its topic, with the option's label. */
function Answers({ heading, answers }: { heading: string; answers: QualificationAnswers }) {
  const ids = answeredQuestionIds(answers);
  return (
    <>
      <h4 className="mt-3 font-bold">{heading}</h4>
      {ids.length === 0 ? (
        <p className="mt-1">{COPY.noAnswers}</p>
      ) : (
        <Details items={ids.map((id) => [questionTopic(id), answerLabel(id, answers[id]!)] as [string, string])} />
      )}
    </>
  );
}

export function QualificationDetails({ qualification }: { qualification: LeadQualification }) {
  const { summary, chat, voiceCalls } = qualification;
  return (
    <div>
      <Details
        items={[
          [COPY.outcome, outcomeText(summary?.status)],
          [COPY.channel, summary?.channel ? COPY.channels[summary.channel] : ""],
          [COPY.completedAt, formatDateTime(summary?.completedAt)],
        ]}
      />
      {chat ? (
        <>
          <h3 className="mt-4 text-lg font-bold">{COPY.chat}</h3>
          <Answers heading={COPY.answers} answers={chat.answers} />
          {chat.giftCardEmails.length > 1 ? <GiftCardEmailChanges given={chat.giftCardEmails} /> : null}
        </>
      ) : null}
      {voiceCalls.map((call, index) => (
        <div key={call.id}>
          <h3 className="mt-4 text-lg font-bold">{COPY.voiceCall(index + 1, voiceCalls.length)}</h3>
          <Details
            items={[
              [COPY.outcome, outcomeText(call.outcome ?? (call.status === "ended" ? "none" : "in_progress"))],
              [COPY.started, formatDateTime(call.startedAt)],
              [COPY.duration, call.durationSeconds === null ? "" : `${call.durationSeconds} s`],
              [COPY.summary, call.summary],
            ]}
          />
          {call.status === "ended" ? <Answers heading={COPY.answers} answers={call.answers} /> : null}
          {call.transcript ? (
            <details className="mt-2">
              <summary className="cursor-pointer font-semibold">{COPY.transcript}</summary>
              <pre className="mt-2 whitespace-pre-wrap font-sans text-sm">{call.transcript}</pre>
            </details>
          ) : null}
        </div>
      ))}
    </div>
  );
}

/** A gift-card e-mail changed in the chat: every address given, so staff can check before the card goes out. */
function GiftCardEmailChanges({ given }: { given: { value: string; at: string }[] }) {
  return (
    <div className="mt-3 rounded border border-red-800 p-3">
      <p className="font-medium text-red-800">{COPY.giftCardEmailChanged}</p>
      <p className="mt-2 font-semibold">{COPY.giftCardEmailHistory}</p>
      <ol className="mt-1 list-decimal pl-6">
        {given.map((email) => (
          <li key={`${email.value}-${email.at}`}>{COPY.giftCardEmailGiven(email.value, formatDateTime(email.at))}</li>
        ))}
      </ol>
    </div>
  );
}
