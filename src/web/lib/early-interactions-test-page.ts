import { afterEach, beforeEach } from "vitest";
import { earlyInteractionsScript, replayEarlyInteractions } from "./early-interactions";

/**
 * A page with the early-input script, in jsdom, for the tests of lib/early-interactions.ts: the
 * prerendered markup, the script run as the browser would, and the page's end of parsing.
 */
/** Runs the inline script as the browser would, as a classic script (jsdom runs no <script> itself). */
function runScript() {
  new Function(earlyInteractionsScript())();
}

export const nextTask = () => new Promise((resolve) => setTimeout(resolve, 20));

const PAGE = `
  <form id="lead">
    <input id="name" name="name"><input id="hp" name="website" autocomplete="off">
    <select id="state"><option value="">Select...</option><option value="GA">Georgia</option></select>
    <input type="radio" name="urgency" value="now"><input type="radio" name="urgency" value="later">
    <button id="next" type="submit">Next</button>
  </form>
  <form id="search"><input id="q" name="q"></form>
  <button id="open" type="button">Join our Talent Network</button>
  <button id="off" type="button" disabled>Disabled</button>
  <a id="link" href="#faq">FAQ</a>
  <input id="consent" type="checkbox">
  <button id="demo" type="button" data-scrolls-to-form>Get My Free Demo</button>
  <section id="qualification-form"><form aria-label="Request your staffing demo">
    <div data-form-entry><input id="facilityName"><select id="facilityType"></select></div>
  </form></section>`;

/** Every page load's script, so each is stopped after its test (jsdom keeps one window throughout). */
const loaded: { replay: () => void }[] = [];

/** A page load: the prerendered markup, the inline script, then the parser's end. */
export function loadPage() {
  delete window.__earlyInteractions;
  document.body.innerHTML = PAGE;
  runScript();
  loaded.push(window.__earlyInteractions!);
  document.dispatchEvent(new Event("DOMContentLoaded"));
}

/** The first frame after the parser's end, and the task after it: when what was typed is put back. */
export const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

// jsdom has no CSS.escape and does not scroll; the browsers this site supports do both.
globalThis.CSS ??= { escape: (value: string) => value } as typeof CSS;
Element.prototype.scrollIntoView ??= () => undefined;

/** Each test starts on a freshly loaded page; the script is stopped and its storage cleared after it. */
export function withEarlyInteractionsPage() {
  beforeEach(loadPage);
  afterEach(() => {
    for (const page of loaded.splice(0)) page.replay();
    delete window.__earlyInteractions;
    sessionStorage.clear();
  });
}

export const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Hydrates (replays) and counts the presses that reach the page a task later. */
export async function pressesReplayed(): Promise<number> {
  let presses = 0;
  const count = () => presses++;
  document.addEventListener("click", count);
  replayEarlyInteractions();
  await nextTask();
  document.removeEventListener("click", count);
  return presses;
}
