import { OUTCOME_LABELS, answerLabel, answeredQuestionIds, questionTopic, type QualificationOutcome } from "../../../domain";
import type { LeadQualification } from "../../../domain/staff-console-api";
import { CONSOLE_COPY } from "../../content/staff-console";
import { Details, formatDateTime } from "./console-ui";

const COPY = CONSOLE_COPY.qualification;

const outcomeText = (status: string | null | undefined) =>
  status === "in_progress" ? COPY.inProgress : status && status !== "none" ? (OUTCOME_LABELS[status as QualificationOutcome] ?? status) : COPY.none;

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
          <h3 className="mt-4 text-lg font-bold">{COPY.chatAnswers}</h3>
          {answeredQuestionIds(chat.answers).length === 0 ? (
            <p className="mt-1">{COPY.noAnswers}</p>
          ) : (
            <Details items={answeredQuestionIds(chat.answers).map((id) => [questionTopic(id), answerLabel(id, chat.answers[id]!)] as [string, string])} />
          )}
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
