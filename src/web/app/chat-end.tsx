import { useEffect, useRef, useState } from "react";
import { QUALIFICATION_CHAT_COPY as COPY } from "../content/qualification-chat";
import { CallPromise } from "../features/call-booking/call-promise";
import { LazyTimePicker } from "../features/call-booking/lazy-time-picker";
import type { ChatEnding } from "../features/qualification-chat/qualification-chat";
import { codesAreSent } from "../features/work-email/work-email-api";
import { LazyWorkEmailCodeForm } from "../features/work-email/lazy-work-email-code-form";

/** The first field of the next steps: the code's while codes are sent (it expires), else the picker's day. */
const FIRST_FIELD = { code: "#work-email-code", call: "select" };

/**
 * The chat's end in the page: the outcome, its promise naming the earliest call time
 * offered, then the work e-mail code form and the time picker full width below the chat, never
 * inside its box. Reached in this visit, the outcome is scrolled to the top of the screen, said
 * in a status line, and the first field takes focus.
 */
export function ChatEnd({ ending }: { ending: ChatEnding }) {
  const ref = useRef<HTMLElement>(null);
  const [announced, setAnnounced] = useState("");
  const copy = COPY.outcomes[ending.outcome];

  useEffect(() => {
    const section = ref.current;
    if (!ending.interacted || !section) return;
    section.scrollIntoView({ block: "start" });
    setAnnounced(copy.title);
    let observer: MutationObserver | undefined;
    let live = true;
    void codesAreSent().then((codes) => {
      if (!live) return;
      const selector = codes ? FIRST_FIELD.code : FIRST_FIELD.call;
      const focusFirst = () => {
        const field = section.querySelector<HTMLElement>(selector);
        field?.focus({ preventScroll: true });
        return field !== null;
      };
      if (focusFirst()) return;
      observer = new MutationObserver(() => {
        if (focusFirst()) observer?.disconnect();
      });
      observer.observe(section, { childList: true, subtree: true });
    });
    return () => {
      live = false;
      observer?.disconnect();
    };
  }, [ending.interacted, copy.title]);

  return (
    <section ref={ref} aria-labelledby="chat-end-title" className="mt-6 scroll-mt-4 grid gap-6 text-left">
      <div className="rounded-xl border-2 border-green-700 bg-green-50 p-5 text-green-950">
        <h2 id="chat-end-title" className="text-2xl font-bold">
          {copy.title}
        </h2>
        <p className="mt-2">{copy.body}</p>
        <CallPromise session={ending.session} className="mt-2 font-semibold" />
        <p role="status" className="sr-only">
          {announced}
        </p>
      </div>
      <div className="empty:hidden">
        <LazyWorkEmailCodeForm session={ending.session} />
      </div>
      <div className="empty:hidden">
        <LazyTimePicker session={{ leadId: ending.session.leadId, token: ending.session.token }} />
      </div>
    </section>
  );
}
