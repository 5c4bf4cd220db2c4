import { useSyncExternalStore } from "react";

/**
 * Whether a media query matches. The prerendered HTML and the hydration render see `false`
 * (React's server snapshot), the client then re-renders with the real answer: no mismatch.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
