import type { SpotsClaim } from "../../../domain/onboarding-spots";
import { ONBOARDING_CLAIM_COPY } from "../../content/onboarding-claim";
import { useSpotsClaim } from "../../lib/onboarding-spots-store";
import { Icon } from "./icons";

/** The claim's words: the prerendered sentence until the figures arrive, none when the claim is off. */
function spotsClaimText(claim: SpotsClaim | undefined): string {
  if (!claim) return ONBOARDING_CLAIM_COPY.spotsFallback;
  if (claim.kind === "off") return "";
  return claim.kind === "full"
    ? ONBOARDING_CLAIM_COPY.full(claim.region)
    : ONBOARDING_CLAIM_COPY.spotsLeft(claim.left, claim.region);
}

/**
 * "N spots left in the <Region>" (issue 39), from the server's count after hydration. The pill's
 * box is reserved for two lines whatever the words, so the figure arriving (or the claim going
 * away: capacity 0) moves nothing on the page.
 */
export function SpotsClaimPill() {
  const claim = useSpotsClaim();
  const text = spotsClaimText(claim);
  return (
    <p
      data-spots-claim={claim?.kind ?? "pending"}
      aria-hidden={text ? undefined : true}
      className={`inline-flex min-h-[4.25rem] w-full max-w-md items-center justify-center gap-2 rounded-2xl bg-accent-dark px-4 py-1.5 text-base font-bold text-balance sm:min-h-[2.75rem] ${text ? "" : "invisible"}`}
    >
      <Icon name="pin" size={18} />
      <span aria-live="polite">{text}</span>
    </p>
  );
}
