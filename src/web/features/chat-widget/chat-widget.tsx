import { useRef } from "react";
import { siteConfig, telHref } from "../../config";
import { CHAT_WIDGET_COPY } from "../../content/chat-widget";
import { useChatScript } from "./use-chat-script";
import { parseWidgetAttributes } from "./widget-attributes";
import { PATHS } from "../../app/route-paths";
import { Spinner } from "../../components/spinner";

export interface ChatWidgetProps {
  /** Script URL; defaults to VITE_CHAT_WIDGET_SRC. Unset: the fallback is shown. */
  src?: string;
  /** Extra attributes of the script tag; default from VITE_CHAT_WIDGET_ATTRIBUTES. */
  attributes?: Record<string, string>;
  /** id of the element the script mounts into; default VITE_CHAT_WIDGET_CONTAINER_ID or "chat-widget". */
  containerId?: string;
  phone?: string;
  /** Where voice qualification is, offered when the chat is unavailable. */
  voiceHref?: string;
}

const { integrations } = siteConfig;
/** Parsed once (it warns when the JSON is invalid). */
const CONFIGURED_ATTRIBUTES = parseWidgetAttributes(integrations.chatWidgetAttributes);

/**
 * The embedded third-party text chat (spec 2.5), shared by /voice-agent and /qualifying-chat.
 * Its script loads after the page is interactive; if it is not configured or fails to load, the
 * container says what to do instead.
 */
export function ChatWidget({
  src = integrations.chatWidgetSrc,
  attributes = CONFIGURED_ATTRIBUTES,
  containerId = integrations.chatWidgetContainerId,
  phone = siteConfig.phone,
  voiceHref = PATHS.voiceAgent,
}: ChatWidgetProps) {
  const mount = useRef<HTMLDivElement>(null);
  const status = useChatScript(mount, src, attributes);
  const isUnavailable = status === "unconfigured" || status === "failed";

  return (
    <section
      aria-label={CHAT_WIDGET_COPY.regionLabel}
      aria-busy={status === "waiting"}
      className="relative h-[60vh] max-h-[700px] min-h-[500px] overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {/* React renders nothing inside: the widget owns this element. */}
      <div ref={mount} id={containerId} data-chat-widget="" className="h-full w-full" />
      {status === "waiting" && (
        <p className="absolute inset-0 flex items-center justify-center gap-3 text-slate-600">
          <Spinner className="size-5 text-brand" />
          {CHAT_WIDGET_COPY.loading}
        </p>
      )}
      {isUnavailable && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-slate-50 p-6 text-center">
          <p className="text-lg font-semibold text-slate-900">{CHAT_WIDGET_COPY.unavailable}</p>
          <p className="max-w-md text-slate-700">
            {CHAT_WIDGET_COPY.callUs}{" "}
            <a className="font-semibold whitespace-nowrap text-brand underline" href={telHref(phone)}>
              {phone}
            </a>{" "}
            {CHAT_WIDGET_COPY.orUse}{" "}
            <a className="font-semibold text-brand underline" href={voiceHref}>
              {CHAT_WIDGET_COPY.voiceLink}
            </a>{" "}
            {CHAT_WIDGET_COPY.instead}
          </p>
        </div>
      )}
    </section>
  );
}
