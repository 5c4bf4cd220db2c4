import { useEffect, useState, type RefObject } from "react";
import { runAfterInteractive } from "./load-after-interactive";

export type ChatScriptStatus = "unconfigured" | "waiting" | "ready" | "failed";

/** A widget that has not rendered anything in its container by then is replaced by our chat (decision 0011). */
const WIDGET_RENDER_TIMEOUT_MS = 8_000;

/** Whether the widget put anything of its own (not its script tag) into the container. */
const hasRendered = (element: HTMLElement) => [...element.children].some((child) => child.tagName !== "SCRIPT");

/**
 * Loads the chat script into `mount` after the page is interactive; removes it on leaving.
 * "ready" once the widget renders into the container; "failed" when its script does not load
 * or nothing was rendered within 8 seconds.
 */
export function useChatScript(
  mount: RefObject<HTMLElement | null>,
  src: string | undefined,
  attributes: Record<string, string>,
): ChatScriptStatus {
  const [status, setStatus] = useState<ChatScriptStatus>(src ? "waiting" : "unconfigured");
  const attributesKey = JSON.stringify(attributes);

  useEffect(() => {
    const element = mount.current;
    if (!src || !element) return;
    let script: HTMLScriptElement | null = null;
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const observer = new MutationObserver(() => {
      if (!hasRendered(element)) return;
      clearTimeout(timeout);
      observer.disconnect();
      setStatus((current) => (current === "waiting" ? "ready" : current));
    });
    const fail = () => {
      clearTimeout(timeout);
      observer.disconnect();
      setStatus((current) => (current === "waiting" ? "failed" : current));
    };
    const cancel = runAfterInteractive(() => {
      script = document.createElement("script");
      for (const [name, value] of Object.entries(JSON.parse(attributesKey) as Record<string, string>))
        script.setAttribute(name, value);
      script.src = src;
      script.async = true;
      script.addEventListener("error", () => {
        console.warn("[chat] the chat script did not load; our own chat takes its place");
        fail();
      });
      observer.observe(element, { childList: true });
      timeout = setTimeout(() => {
        if (hasRendered(element)) setStatus((current) => (current === "waiting" ? "ready" : current));
        else {
          console.warn("[chat] the chat widget rendered nothing; our own chat takes its place");
          fail();
        }
      }, WIDGET_RENDER_TIMEOUT_MS);
      // Inside the container, so widgets that mount next to their own script tag land there.
      element.appendChild(script);
    });
    return () => {
      cancel();
      clearTimeout(timeout);
      observer.disconnect();
      script?.remove();
    };
  }, [mount, src, attributesKey]);

  return status;
}
