import { Suspense, useEffect, useState, type ReactNode } from "react";

/**
 * A part of a prerendered page that React hydrates on its own (docs/decisions/0019).
 *
 * Each boundary is a `<Suspense>`: when React 19 hydrates the page it first takes over
 * everything outside the boundaries (a small shell), then hydrates the boundaries' contents in
 * later passes at idle priority, a few milliseconds at a time. An event on a part not yet
 * hydrated (a key in the lead form) makes React hydrate that part first, on its own, instead of
 * the whole page at once. Nothing suspends inside: the prerendered HTML is complete and the
 * fallback is never shown.
 *
 * `whenHydrated` runs a callback once every boundary on the page has hydrated: the presses a
 * visitor made before hydration are replayed only then (lib/early-interactions), when every
 * field has reported what it shows (components/use-value-shown-on-mount).
 */
/** One token per boundary: waiting while its shell is committed and its contents are not. */
type Token = object;
const pending = new Set<Token>();
const hydrated = new WeakSet<Token>();
let waiting: (() => void)[] = [];

function settle() {
  if (pending.size > 0) return;
  const callbacks = waiting;
  waiting = [];
  for (const callback of callbacks) callback();
}

/** Runs `callback` once no boundary on the page is waiting to hydrate (at once if none is). */
export function whenHydrated(callback: () => void): void {
  waiting.push(callback);
  settle();
}

/** Rendered inside the boundary: its effect runs once the boundary's contents have hydrated. */
function Hydrated({ token }: { token: Token }) {
  useEffect(() => {
    hydrated.add(token);
    pending.delete(token);
    settle();
  }, [token]);
  return null;
}

export function HydrationBoundary({ children }: { children: ReactNode }) {
  const [token] = useState<Token>(() => ({}));
  // The shell commits before the boundary's contents (whose effects then run first, when the
  // page is rendered in the browser rather than hydrated).
  useEffect(() => {
    if (!hydrated.has(token)) pending.add(token);
    return () => {
      pending.delete(token);
      settle();
    };
  }, [token]);
  return (
    <Suspense fallback={null}>
      {children}
      <Hydrated token={token} />
    </Suspense>
  );
}
