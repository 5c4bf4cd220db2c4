import { Suspense, useRef, useSyncExternalStore, type ReactNode } from "react";
import { siteConfig } from "../../site-config";
import { CHAT_WIDGET_COPY } from "../../content/chat-widget";
import { useChatScript } from "./use-chat-script";
import { parseWidgetAttributes } from "./widget-attributes";
import { Spinner } from "../../components/spinner";

export interface ChatWidgetProps {
  /** Script URL of a third-party widget; defaults to VITE_CHAT_WIDGET_SRC. Unset: our chat. */
  src?: string;
  /** Extra attributes of the script tag; default from VITE_CHAT_WIDGET_ATTRIBUTES. */
  attributes?: Record<string, string>;
  /** id of the element the script mounts into; default VITE_CHAT_WIDGET_CONTAINER_ID or "chat-widget". */
  containerId?: string;
  /** Our own chat (a lazy component, composed by the route): shown when no widget is configured or the widget failed. */
  ownChat: ReactNode;
}

const noSubscription = () => () => {};

const { integrations } = siteConfig;
/** Parsed once (it warns when the JSON is invalid). */
const CONFIGURED_ATTRIBUTES = parseWidgetAttributes(integrations.chatWidgetAttributes);

function Loading() {
  return (
    <p className="flex flex-1 items-center justify-center gap-3 text-slate-600">
      <Spinner className="size-5 text-brand" />
      {CHAT_WIDGET_COPY.loading}
    </p>
  );
}

/**
 * The text qualification chat (spec 2.5, decision 0011), shared by /voice-agent and
 * /qualifying-chat, in the spec's sized container. Our own chat by default; a configured
 * third-party widget is used instead, and replaced by ours, saying nothing more, when its
 * script fails to load or it has rendered nothing within 8 seconds.
 */
export function ChatWidget({
  src = integrations.chatWidgetSrc,
  attributes = CONFIGURED_ATTRIBUTES,
  containerId = integrations.chatWidgetContainerId,
  ownChat,
}: ChatWidgetProps) {
  const mount = useRef<HTMLDivElement>(null);
  const status = useChatScript(mount, src, attributes);
  const isOurs = status === "unconfigured" || status === "failed";
  // Rendered only in the browser after hydration: the prerendered page shows "Loading the chat…".
  const isHydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  return (
    <section
      aria-label={CHAT_WIDGET_COPY.regionLabel}
      aria-busy={status === "waiting" || !isHydrated}
      className="relative flex h-[60vh] max-h-[700px] min-h-[500px] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {/* React renders nothing inside: the widget owns this element. Hidden once ours takes its place. */}
      <div ref={mount} id={containerId} data-chat-widget="" hidden={isOurs} className="h-full w-full" />
      {status === "waiting" && (
        <div className="absolute inset-0 flex">
          <Loading />
        </div>
      )}
      {isOurs && (isHydrated ? <Suspense fallback={<Loading />}>{ownChat}</Suspense> : <Loading />)}
    </section>
  );
}
