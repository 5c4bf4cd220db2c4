/**
 * Runs `task` once the page has loaded and the browser is idle, so a third-party script never
 * competes with first paint or hydration. Returns a cancel function.
 */
export function runAfterInteractive(task: () => void): () => void {
  let isCancelled = false;
  let idleHandle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => !isCancelled && task();
  const schedule = () => {
    if (isCancelled) return;
    if (typeof window.requestIdleCallback === "function")
      idleHandle = window.requestIdleCallback(run, { timeout: 3000 });
    else timer = setTimeout(run, 200);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    isCancelled = true;
    window.removeEventListener("load", schedule);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
    if (timer !== undefined) clearTimeout(timer);
  };
}
