/**
 * Taps made before the page is hydrated, kept and replayed once it is.
 *
 * Every page is prerendered HTML that is on screen before its JavaScript runs. Until React has
 * hydrated it, a button does nothing (React is not listening yet) and a button in a form would
 * submit it natively, putting what the visitor typed into the address bar. This small inline
 * script, first in <head>, stops such a press and queues it; when the app has hydrated it calls
 * `window.__earlyInteractions.replay()`, which stops listening and presses the same buttons again
 * (and submits a form sent with Enter), in order, once React's handlers are there. Links, check
 * boxes, radios and fields keep working natively: what they changed on screen reaches the forms'
 * state through `useValueShownOnMount`.
 *
 * A plain string, not a function's source, so the server's prerender and the client render the
 * same text and the CSP hash the server computes from the built page matches it.
 */
export const EARLY_INTERACTIONS_SCRIPT = [
  "(function(){",
  "var queue=[];",
  "function onClick(event){",
  'var button=event.target instanceof Element?event.target.closest("button"):null;',
  "if(!button||button.disabled)return;",
  "event.preventDefault();event.stopImmediatePropagation();queue.push(button)}",
  "function onSubmit(event){",
  "event.preventDefault();event.stopImmediatePropagation();queue.push(event.target)}",
  'addEventListener("click",onClick,true);addEventListener("submit",onSubmit,true);',
  "window.__earlyInteractions={replay:function(){",
  "if(!queue)return;var pressed=queue;queue=null;",
  'removeEventListener("click",onClick,true);removeEventListener("submit",onSubmit,true);',
  // A task later, so that state set while hydrating (the fields' values) is rendered first.
  "setTimeout(function(){pressed.forEach(function(target){",
  "if(!target.isConnected)return;",
  "if(target instanceof HTMLFormElement)target.requestSubmit();else if(!target.disabled)target.click()})})}}",
  "})();",
].join("");

declare global {
  interface Window {
    __earlyInteractions?: { replay: () => void };
  }
}

/** Called once the app has hydrated: presses what was pressed before. */
export function replayEarlyInteractions(): void {
  window.__earlyInteractions?.replay();
}
