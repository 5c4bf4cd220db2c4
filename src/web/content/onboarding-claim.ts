/** The onboarding claim's words (decision 0039): the landing's pill and a form's waiting-list note. */
export const ONBOARDING_CLAIM_COPY = {
  /** Prerendered (and what a page without JavaScript keeps): no figure until the server's count arrives. */
  spotsFallback: "Spots are limited in every region",
  /** The server's count (decision 0039): GET /api/onboarding/spots. */
  spotsLeft: (left: number, region: string) => `${left} ${left === 1 ? "spot" : "spots"} left in the ${region}`,
  full: (region: string) => `No spots left in the ${region} this quarter`,
  /** Under a form's state when its region is full: the lead is still taken. */
  waitingList: (region: string) =>
    `No spots left in the ${region} this quarter: send your request and we will put your facility on the waiting list for next quarter.`,
} as const;
