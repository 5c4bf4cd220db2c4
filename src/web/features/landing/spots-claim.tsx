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
 * "N spots left in the <Region>" (decision 0039), from the server's count after hydration, near
 * the top of the landing page: a statement, not a control (no button look, no pointer). Its box
 * is reserved for two lines whatever the words, so the figure arriving (or the claim going away:
 * capacity 0) moves nothing on the page.
 */
export function SpotsStatement() {
  const claim = useSpotsClaim();
  const text = spotsClaimText(claim);
  return (
    <p
      data-spots-claim={claim?.kind ?? "pending"}
      aria-hidden={text ? undefined : true}
      className={`flex min-h-[3.5rem] max-w-xl items-start gap-2 text-lg font-semibold text-orange-100 sm:min-h-[1.75rem] ${text ? "" : "invisible"}`}
    >
      <Icon name="pin" size={20} className="mt-1 shrink-0 text-orange-300" />
      <span aria-live="polite">{text}</span>
    </p>
  );
}
