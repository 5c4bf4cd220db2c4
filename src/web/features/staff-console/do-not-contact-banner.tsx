import type { DoNotContact } from "../../../domain/do-not-contact";
import { PRIVACY_COPY } from "../../content/staff-privacy";
import { formatDateTime } from "./console-ui";

/** At the top of a lead: the person asked not to be contacted, when and how. Nothing when they did not. */
export function DoNotContactBanner({ doNotContact }: { doNotContact: DoNotContact | undefined }) {
  if (!doNotContact) return null;
  return (
    <div className="mt-3 rounded-md border-2 border-red-700 bg-red-50 p-3 text-red-900">
      <p className="font-bold">{PRIVACY_COPY.banner(formatDateTime(doNotContact.at), doNotContact.via)}</p>
      <p className="mt-1">{PRIVACY_COPY.bannerHint}</p>
    </div>
  );
}

/** "Do not contact" beside a lead in every list and card (its person asked not to be contacted). */
export function DoNotContactBadge({ doNotContact }: { doNotContact: boolean | undefined }) {
  if (!doNotContact) return null;
  return (
    <span className="ml-2 inline-block rounded-sm border border-red-700 bg-red-50 px-1.5 text-sm font-bold whitespace-nowrap text-red-900">
      {PRIVACY_COPY.badge}
    </span>
  );
}
