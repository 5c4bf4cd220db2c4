import { Suspense, lazy, useSyncExternalStore } from "react";
import type { TimePickerProps } from "./time-picker";

const TimePicker = lazy(() => import("./time-picker"));

const noSubscription = () => () => {};

/**
 * The time picker (decision 0036) as a chunk of its own, rendered in the browser only (after
 * hydration): a page's first JavaScript and its prerendered HTML stay as they were. Without a
 * session given, the picker reads this browser's qualification session (none: it shows nothing).
 */
export function LazyTimePicker(props: Partial<TimePickerProps>) {
  const isInBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!isInBrowser) return null;
  return (
    <Suspense fallback={null}>
      <TimePicker {...props} />
    </Suspense>
  );
}
