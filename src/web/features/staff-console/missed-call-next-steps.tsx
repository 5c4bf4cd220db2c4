import { useEffect, useRef, useState } from "react";
import type { OfferTimesAnswer } from "../../../domain/booking-requests";
import { Button } from "../../components/button";
import { STAFF_CALLS_COPY } from "../../content/staff-calls";
import { CallBookForm } from "./call-move-form";
import { ErrorMessage, formatDateTime } from "./console-ui";
import { useCallForm } from "./use-console-form";

const COPY = STAFF_CALLS_COPY.nextSteps;

/**
 * After a missed call (decision 0045), on the lead's page and the Calls view: "Offer new times" e-mails
 * the lead their own picker (the server sends it once however often it is pressed), "Book for the
 * lead" opens the times offered and books one for them. The server refuses either in words when
 * the lead may not be called (do-not-contact, erased) or a call is booked meanwhile.
 */
export function MissedCallNextSteps({
  leadId,
  lead,
  onActed,
}: {
  leadId: string;
  lead: string;
  /** Either button pressed: the parent keeps this in place after the page is read again (a booked call is no longer "missed, latest"), so its words stay. */
  onActed?: () => void;
}) {
  const offer = useCallForm<Record<string, never>, OfferTimesAnswer>({
    intent: "call-offer-times",
    initial: {},
    extra: { lead: leadId },
  });
  const [booking, setBooking] = useState(false);
  const [booked, setBooked] = useState(false);
  const said = useRef<HTMLParagraphElement>(null);
  const { answer } = offer;
  const done = answer?.ok ? answer.data : undefined;
  // The words that say the e-mail went take the focus from the button the person pressed.
  useEffect(() => {
    if (done) said.current?.focus();
  }, [done]);
  return (
    <div className="mt-2 grid gap-2">
      <p className="text-sm font-semibold">{COPY.heading}</p>
      {/* Once booked, only the words that say so: the new call has its own row and buttons. */}
      <div className={booked ? "hidden" : "flex flex-wrap gap-2"}>
        <Button
          tone="plain"
          aria-label={COPY.offerLabel(lead)}
          isBusy={offer.isBusy}
          busyLabel={COPY.offering}
          onClick={() => {
            onActed?.();
            void offer.submit();
          }}
        >
          {COPY.offer}
        </Button>
        <Button
          tone="plain"
          aria-label={COPY.bookLabel(lead)}
          aria-expanded={booking}
          onClick={() => {
            onActed?.();
            setBooking((open) => !open);
          }}
        >
          {COPY.book}
        </Button>
      </div>
      {done ? (
        <p ref={said} tabIndex={-1} role="status" className="rounded-md bg-green-50 p-2 text-green-900">
          {(done.again ? COPY.offeredAgain : COPY.offered)(formatDateTime(done.offeredAt))}
        </p>
      ) : null}
      <ErrorMessage message={answer && !answer.ok ? answer.error : undefined} />
      {booking ? (
        <CallBookForm leadId={leadId} lead={lead} onClose={() => setBooking(false)} onBooked={() => setBooked(true)} />
      ) : null}
    </div>
  );
}
