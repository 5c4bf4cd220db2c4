import { useEffect, useState, type RefObject } from "react";
import { runAfterInteractive } from "./load-after-interactive";

export type ChatScriptStatus = "unconfigured" | "waiting" | "ready" | "failed";

/** Give up showing "loading" after this long; the widget still appears if its script arrives later. */
const LOAD_TIMEOUT_MS = 15_000;

/** Loads the chat script into `mount` after the page is interactive; removes it on leaving. */
export function useChatScript(mount: RefObject<HTMLElement | null>, src: string | undefined, attributes: Record<string, string>): ChatScriptStatus {
  const [status, setStatus] = useState<ChatScriptStatus>(src ? "waiting" : "unconfigured");
  const attributesKey = JSON.stringify(attributes);

  useEffect(() => {
    const element = mount.current;
    if (!src || !element) return;
    let script: HTMLScriptElement | null = null;
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const cancel = runAfterInteractive(() => {
      script = document.createElement("script");
      for (const [name, value] of Object.entries(JSON.parse(attributesKey) as Record<string, string>)) script.setAttribute(name, value);
      script.src = src;
      script.async = true;
      script.addEventListener("load", () => {
        clearTimeout(timeout);
        setStatus("ready");
      });
      script.addEventListener("error", () => {
        clearTimeout(timeout);
        console.warn("[chat] the chat script did not load");
        setStatus("failed");
      });
      timeout = setTimeout(() => setStatus((current) => (current === "waiting" ? "failed" : current)), LOAD_TIMEOUT_MS);
      // Inside the container, so widgets that mount next to their own script tag land there.
      element.appendChild(script);
    });
    return () => {
      cancel();
      clearTimeout(timeout);
      script?.remove();
    };
  }, [mount, src, attributesKey]);

  return status;
}
