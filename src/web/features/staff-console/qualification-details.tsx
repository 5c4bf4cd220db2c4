import { Details } from "./console-ui";

/**
 * A lead's qualification as the API gives it: the outcome, and the chat's answers or the voice
 * call's summary and transcript. The qualification storage (branch `qual`) fills it.
 */
export interface Qualification {
  channel: string;
  outcome: string;
  at: string | null;
  answers?: { question: string; answer: string }[];
  summary?: string | null;
  transcript?: string | null;
}

export function QualificationDetails({ qualification }: { qualification: Qualification }) {
  return (
    <div>
      <Details
        items={[
          ["Channel", qualification.channel],
          ["Outcome", qualification.outcome],
          ["When", qualification.at ?? ""],
          ...(qualification.summary ? ([["Summary", qualification.summary]] as [string, string][]) : []),
        ]}
      />
      {qualification.answers?.length ? (
        <dl className="mt-3 space-y-2">
          {qualification.answers.map((a) => (
            <div key={a.question}>
              <dt className="font-semibold">{a.question}</dt>
              <dd>{a.answer}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {qualification.transcript ? <pre className="mt-3 whitespace-pre-wrap text-sm">{qualification.transcript}</pre> : null}
    </div>
  );
}
