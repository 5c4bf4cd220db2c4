import { useState } from "react";
import { FRAUD_REVIEW_DECISIONS, type FraudReviewDecision } from "../../../domain/fraud-review";
import type { RewardFraudReview } from "../../../domain/rewards";
import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { FRAUD_REVIEW_COPY } from "../../content/verification";
import { Details, ErrorMessage, StatusMessage, formatDateTime } from "./console-ui";
import { useLeadForm } from "./use-console-form";

const COPY = FRAUD_REVIEW_COPY;

/**
 * A reward the rewards provider flagged (Tremendous' REWARDS.FLAGGED): why, and Release or
 * Block in place (the console's form hook, through the lead route's action); once decided, who
 * decided and when.
 */
export function LeadFraudReview({ rewardId, review }: { rewardId: string; review: RewardFraudReview }) {
  const [decision, setDecision] = useState<FraudReviewDecision>();
  const decide = useLeadForm<{ note: string }>({
    intent: "fraud-review",
    initial: { note: "" },
    body: ({ note }) => (note.trim() ? { note } : {}),
    extra: { rewardId },
  });
  const note = decide.state.values.note;
  const { answer } = decide;
  const busy = decide.isBusy;
  const headingId = `fraud-${rewardId}`;
  return (
    <section aria-labelledby={headingId} className="mt-3 max-w-xl rounded-lg border-2 border-red-700 bg-red-50 p-4">
      <h4 id={headingId} className="font-bold text-red-900">
        {COPY.heading}
      </h4>
      <Details
        items={[
          [COPY.decision, <strong key="status">{COPY.status[review.status]}</strong>],
          [
            COPY.reasons,
            review.reasons.length ? (
              <ul key="reasons" className="list-disc pl-5">
                {review.reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            ) : (
              COPY.noReasons
            ),
          ],
          [COPY.flaggedAt, formatDateTime(review.flaggedAt)],
          ...(review.reviewedBy
            ? [
                [
                  COPY.decision,
                  COPY.reviewedBy(review.reviewedBy.replace(/^staff:/, ""), formatDateTime(review.reviewedAt)),
                ] as [string, string],
              ]
            : []),
        ]}
      />
      {review.status === "flagged" ? (
        <>
          <TextField
            id={`fraud-note-${rewardId}`}
            label={COPY.note}
            value={note}
            onValueChange={decide.change("note")}
            maxLength={2000}
            isOptional
          />
          <div className="mt-2 flex flex-wrap gap-3">
            {FRAUD_REVIEW_DECISIONS.map((choice) => (
              <Button
                key={choice}
                tone={choice === "release" ? "brand" : "plain"}
                isBusy={busy && decision === choice}
                busyLabel={COPY.busy[choice]}
                disabled={busy}
                onClick={() => {
                  setDecision(choice);
                  void decide.submit({ decision: choice });
                }}
              >
                {COPY.buttons[choice]}
              </Button>
            ))}
          </div>
        </>
      ) : null}
      <StatusMessage message={answer?.ok && decision ? COPY.done[decision] : undefined} />
      <ErrorMessage message={answer && !answer.ok ? answer.error : undefined} />
    </section>
  );
}
