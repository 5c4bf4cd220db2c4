/**
 * TEST SUPPORT: the Tremendous stand-in's fraud reviews (its published reference: GET
 * /fraud_reviews/{reward id}, PUT /fraud_reviews/{id}/release and /block, each answering
 * `{fraud_review: {status, reasons, reviewed_at...}}`; a review already completed or missing is
 * refused). `flag` opens a review as the provider's rules would, before its REWARDS.FLAGGED webhook.
 */

interface StandInFraudReview {
  status: "flagged" | "released" | "blocked";
  reasons: string[];
  created_at: string;
  reviewed_at?: string;
  reviewed_by?: string;
}

export interface FraudReviewAnswer {
  status: number;
  body: object;
}

export function fraudReviewDesk() {
  const reviews = new Map<string, StandInFraudReview>();
  let decisions = 0;
  const answerOf = (rewardId: string, review: StandInFraudReview) => ({
    status: 200,
    body: { fraud_review: { ...review, reward: { id: rewardId } } },
  });
  const refused = (status: number, message: string) => ({ status, body: { errors: { message, payload: {} } } });
  return {
    reviews,
    /** How many release or block calls were received (refused ones included). */
    decisions: () => decisions,
    flag(rewardId: string, reasons: string[]) {
      reviews.set(rewardId, { status: "flagged", reasons, created_at: new Date().toISOString() });
    },
    /** The API's fraud review paths; undefined for any other path. */
    answer(path: string, method: string | undefined): FraudReviewAnswer | undefined {
      const match = /^\/fraud_reviews\/([A-Za-z0-9]+)(?:\/(release|block))?$/.exec(path);
      if (!match) return undefined;
      const [, rewardId, action] = match as unknown as [string, string, "release" | "block" | undefined];
      const review = reviews.get(rewardId);
      if (!action && method === "GET") return review ? answerOf(rewardId, review) : refused(404, "Resource not found");
      if (!action || method !== "PUT") return refused(404, "Not found");
      decisions++;
      if (!review) return refused(404, "Resource not found");
      if (review.status !== "flagged") return refused(422, "The fraud review was already completed");
      review.status = action === "release" ? "released" : "blocked";
      review.reviewed_at = new Date().toISOString();
      review.reviewed_by = "API";
      return answerOf(rewardId, review);
    },
  };
}
