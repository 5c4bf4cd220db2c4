import { useState } from "react";
import { useFetcher } from "react-router";
import { FRAUD_REVIEW_DECISIONS, type FraudReviewDecision, type FraudReviewStatus } from "../../../domain/fraud-review";
import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { FRAUD_REVIEW_COPY } from "../../content/verification";
import { Details, ErrorMessage, StatusMessage, formatDateTime } from "./console-ui";
import type { ApiResult } from "./staff-api";

const COPY = FRAUD_REVIEW_COPY;

/** A reward's fraud review as GET /api/staff/leads/:id/rewards answers it. */
export interface RewardFraudReview {
  status: FraudReviewStatus;
  reasons: string[];
  flaggedAt: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
}

/**
 * A reward the rewards provider flagged (Tremendous' REWARDS.FLAGGED): why, and Release or
 * Block in place (the router's fetcher through the lead route's action); once decided, who
 * decided and when.
 */
export function LeadFraudReview({ rewardId, review }: { rewardId: string; review: RewardFraudReview }) {
  const decide = useFetcher<ApiResult<unknown>>();
  const [decision, setDecision] = useState<FraudReviewDecision>();
  const [note, setNote] = useState("");
  const answer = decide.state === "idle" ? decide.data : undefined;
  const busy = decide.state !== "idle";
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
            onValueChange={setNote}
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
                  void decide.submit(
                    {
                      key: `fraud-${rewardId}`,
                      body: { intent: "fraud-review", rewardId, decision: choice, ...(note.trim() ? { note } : {}) },
                    },
                    { method: "post", encType: "application/json" },
                  );
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
