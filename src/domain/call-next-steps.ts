/**
 * What staff may do for a lead's call after it was missed (decision 0045): "Offer new times" (the lead
 * is e-mailed their own picker) and "Book for the lead" (staff pick one of the times offered).
 * Neither while a call is booked: that call is moved, or marked once it has started. New times
 * are offered only after the lead's latest call was marked missed; a call is booked for the lead
 * whenever none is booked (the booking service's own limits still apply).
 */

type NextStepRefusal = "has_booked_call" | "no_missed_call";

interface CallNextSteps {
  /** Null when "Offer new times" may be taken, else why not. */
  offerTimes: NextStepRefusal | null;
  /** Null when "Book for the lead" may be taken, else why not. */
  book: NextStepRefusal | null;
}

export function callNextSteps(calls: readonly { status: string; start: string | Date }[]): CallNextSteps {
  if (calls.some((call) => call.status === "booked")) return { offerTimes: "has_booked_call", book: "has_booked_call" };
  const latest = [...calls].sort((a, b) => new Date(b.start).getTime() - new Date(a.start).getTime())[0];
  return { offerTimes: latest?.status === "missed" ? null : "no_missed_call", book: null };
}

/** Whether the lead's page and the Calls view show the next steps on this call: the lead's latest, missed, nothing booked. */
export function showsNextSteps(
  call: { id: string },
  calls: readonly { id: string; status: string; start: string | Date }[],
): boolean {
  if (callNextSteps(calls).offerTimes !== null) return false;
  const latest = [...calls].sort((a, b) => new Date(b.start).getTime() - new Date(a.start).getTime())[0];
  return latest?.id === call.id;
}

/** How long an offer of new times stands: another "Offer new times" sooner sends nothing (a double click, two tabs). */
export const OFFER_AGAIN_AFTER_MS = 10 * 60_000;
