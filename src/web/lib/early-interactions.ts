/**
 * What a visitor does before the page is hydrated: kept, and handed to the app once it is.
 *
 * Every page is prerendered HTML that is on screen before its JavaScript runs. Until React has
 * hydrated it, a button does nothing (React is not listening yet) and a button in a form would
 * submit it natively, putting what the visitor typed into the address bar. This small inline
 * script, first in <head>:
 * - stops such a press and queues it; when the app has hydrated it calls
 *   `window.__earlyInteractions.replay()`, which stops listening and presses the same buttons
 *   again (and submits a form sent with Enter), in order, once React's handlers are there. A
 *   demo button (marked `data-scrolls-to-form`) is not queued: it brings the form into view at
 *   once, as it will once hydrated;
 * - keeps what is typed or picked meanwhile in sessionStorage, and puts it back into the same
 *   controls, once the page has painted, if it is loaded again before it hydrated (a refresh), as
 *   the app's own drafts do once it runs. Fields marked `autocomplete="off"` (the honeypot) are
 *   left out. Hydrating clears it.
 * - holds back from the page's scripts (React included) the events of input other than those
 *   presses, until hydrated: links, check boxes, radios and fields keep working natively, and
 *   what they show reaches the forms' state through `useValueShownOnMount` and, for what is typed
 *   after a part has mounted, through an `input` (or a select's `change`) dispatched on each field
 *   typed into when the page has hydrated, with the last value typed. React therefore never
 *   hydrates a part of the page in the middle of a key press (decision 0019).
 *
 * A plain string, not a function's source, so the server's prerender and the client render the
 * same text and the CSP hash the server computes from the built page matches it.
 */
import { FOCUSABLE, FORM_ENTRY_ATTRIBUTE, LEAD_FORM_ANCHOR, SCROLLS_TO_FORM_ATTRIBUTE } from "./scroll-to-form";

export const EARLY_INPUT_KEY_PREFIX = "early-input:";

/**
 * `scrollToForm()` of lib/scroll-to-form.ts, for the demo buttons pressed before hydration: the
 * page's main call to action answers at once. early-interactions.test.ts holds the two to the
 * same scroll and the same focus.
 */
const scrollToFormSource = () =>
  [
    "function scrollToForm(){",
    `var anchor=document.getElementById(${JSON.stringify(LEAD_FORM_ANCHOR)});if(!anchor)return;`,
    `var target=anchor.querySelector(${JSON.stringify(`form, [${FORM_ENTRY_ATTRIBUTE}]`)})||anchor;`,
    "var fits=target.getBoundingClientRect().height<=window.innerHeight;",
    'var reduced=typeof matchMedia==="function"&&matchMedia("(prefers-reduced-motion: reduce)").matches;',
    'target.scrollIntoView({behavior:reduced?"instant":"smooth",block:fits?"center":"start"});',
    `var entry=anchor.querySelector(${JSON.stringify(`[${FORM_ENTRY_ATTRIBUTE}]`)});if(!entry)return;`,
    `(entry.hasAttribute("tabindex")?entry:entry.querySelector(${JSON.stringify(FOCUSABLE)})||entry).focus({preventScroll:true})}`,
  ].join("");

/**
 * The events of a visitor's input that React handles at once (its "discrete" events) and that
 * would make it hydrate, in the middle of the key press, the whole part of the page they land
 * in (decision 0019). Until the page has hydrated they do their native work (text typed, a box
 * ticked, a link followed) but do not reach the page's scripts; the parts hydrate at idle
 * priority and take what their controls show (useValueShownOnMount).
 */
const HELD_EVENTS = [
  "pointerdown",
  "pointerup",
  "pointercancel",
  "mousedown",
  "mouseup",
  "click",
  "auxclick",
  "dblclick",
  "contextmenu",
  "touchstart",
  "touchend",
  "touchcancel",
  "keydown",
  "keypress",
  "keyup",
  "beforeinput",
  "input",
  "textInput",
  "compositionstart",
  "compositionupdate",
  "compositionend",
  "change",
  "focusin",
  "focusout",
  "select",
  "paste",
  "cut",
  "copy",
  "invalid",
  "reset",
  "dragstart",
  "dragend",
  "drop",
];

/** A function, not a constant, so a bundle that never calls it (the browser's: root.tsx) leaves it out. */
export const earlyInteractionsScript = (): string =>
  [
    "(function(){",
    `var held=${JSON.stringify(HELD_EVENTS.join(" "))}.split(" ");`,
    "function hold(event){if(event.target!==window&&event.target!==document)event.stopPropagation()}",
    "var queue=[],key=" + JSON.stringify(EARLY_INPUT_KEY_PREFIX) + "+location.pathname;",
    "function onClick(event){",
    'var button=event.target instanceof Element?event.target.closest("button"):null;',
    "if(!button||button.disabled)return;",
    "event.preventDefault();event.stopImmediatePropagation();",
    // A demo button's whole action can be done now; any other press waits for the app.
    `if(button.hasAttribute(${JSON.stringify(SCROLLS_TO_FORM_ATTRIBUTE)}))scrollToForm();else queue.push(button)}`,
    scrollToFormSource(),
    "function onSubmit(event){",
    "event.preventDefault();event.stopImmediatePropagation();queue.push(event.target)}",
    // A control's name in the snapshot: its id, or for a radio without one, its group and value.
    "function nameOf(c){",
    'return c.id||(c.type==="radio"&&c.name?c.name+"="+c.value:"")}',
    "function read(){",
    'try{return JSON.parse(sessionStorage.getItem(key)||"{}")}catch(e){return{}}}',
    "function onInput(event){",
    'var c=event.target,name=c instanceof Element?nameOf(c):"";',
    'if(!name||c.autocomplete==="off"||c.type==="password"||c.type==="hidden")return;',
    "var saved=read();",
    'saved[name]=c.type==="checkbox"||c.type==="radio"?c.checked:c.value;',
    "try{sessionStorage.setItem(key,JSON.stringify(saved))}catch(e){}}",
    "function restore(){",
    "var saved=read();for(var name in saved){",
    'var c=document.getElementById(name)||document.querySelector(\'input[type="radio"][name="\'+CSS.escape(name.split("=")[0])+\'"][value="\'+CSS.escape(name.slice(name.indexOf("=")+1))+\'"]\');',
    "if(!c)continue;",
    'if(typeof saved[name]==="boolean")c.checked=saved[name];else if(c.value==="")c.value=saved[name]}}',
    "held.forEach(function(type){addEventListener(type,hold,true)});",
    'addEventListener("click",onClick,true);addEventListener("submit",onSubmit,true);',
    'addEventListener("input",onInput,true);addEventListener("change",onInput,true);',
    // After the first paint: the first use of sessionStorage on a page waits on the browser (0022).
    'document.addEventListener("DOMContentLoaded",function(){requestAnimationFrame(function(){setTimeout(restore)})});',
    "window.__earlyInteractions={hydratedAt:null,replay:function(){",
    "if(!queue)return;var pressed=queue;queue=null;window.__earlyInteractions.hydratedAt=performance.now();",
    "held.forEach(function(type){removeEventListener(type,hold,true)});",
    'removeEventListener("click",onClick,true);removeEventListener("submit",onSubmit,true);',
    'removeEventListener("input",onInput,true);removeEventListener("change",onInput,true);',
    "var typed=read();try{sessionStorage.removeItem(key)}catch(e){}",
    // What was typed while held back reaches the page now: a part that re-rendered meanwhile may
    // have put its field back to the value it knew, so the last one typed is set again first.
    "for(var name in typed){var c=document.getElementById(name);",
    'if(!c||typeof typed[name]!=="string")continue;',
    'var setter=Object.getOwnPropertyDescriptor(Object.getPrototypeOf(c),"value");',
    "if(c.value!==typed[name]&&setter&&setter.set)setter.set.call(c,typed[name]);",
    'c.dispatchEvent(new Event(c.tagName==="SELECT"?"change":"input",{bubbles:true}))}',
    // A task later, so that state set while hydrating (the fields' values) is rendered first.
    "setTimeout(function(){pressed.forEach(function(target){",
    "if(!target.isConnected)return;",
    "if(target instanceof HTMLFormElement)target.requestSubmit();else if(!target.disabled)target.click()})})}}",
    "})();",
  ].join("");

declare global {
  interface Window {
    /** `hydratedAt`: when the page's scripts began to receive the visitor's input (performance.now()). */
    __earlyInteractions?: { replay: () => void; hydratedAt: number | null };
  }
}

/** Called once the app has hydrated: presses what was pressed before. */
export function replayEarlyInteractions(): void {
  window.__earlyInteractions?.replay();
}
