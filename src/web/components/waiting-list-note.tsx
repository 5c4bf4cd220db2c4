import { ONBOARDING_CLAIM_COPY } from "../content/onboarding-claim";
import { usePickedRegionClaim } from "../lib/onboarding-spots-store";

/**
 * Under a form's state (decision 0039): a full region still takes the lead, and says it joins the
 * waiting list. Kept out of the shared form chunk (vite.config.ts): only the two facility forms load it.
 */
export function WaitingListNote() {
  const claim = usePickedRegionClaim();
  return (
    <p aria-live="polite" className="text-sm text-slate-700 sm:col-span-2">
      {claim?.kind === "full" ? ONBOARDING_CLAIM_COPY.waitingList(claim.region) : ""}
    </p>
  );
}
