import { Suspense, lazy, useSyncExternalStore } from "react";
import type { CodeSession } from "./work-email-api";

const WorkEmailCodeForm = lazy(() => import("./work-email-code-form"));

/**
 * The work e-mail code form (issue 31) as a chunk of its own, rendered in the browser only
 * (after hydration: the form reads this browser's qualification session), so a page's first
 * JavaScript and its prerendered HTML stay as they were.
 */
const noSubscription = () => () => {};

export function LazyWorkEmailCodeForm({ session }: { session?: CodeSession | undefined }) {
  // false while prerendering and hydrating, true after: the prerendered HTML never holds the form.
  const isInBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!isInBrowser) return null;
  return (
    <Suspense fallback={null}>
      <WorkEmailCodeForm session={session} />
    </Suspense>
  );
}
