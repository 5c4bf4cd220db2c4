// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EARLY_INPUT_KEY_PREFIX, earlyInteractionsScript, replayEarlyInteractions } from "./early-interactions";
import { scrollToForm } from "./scroll-to-form";

/** Runs the inline script as the browser would, as a classic script (jsdom runs no <script> itself). */
function runScript() {
  new Function(earlyInteractionsScript())();
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 20));

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
function loadPage() {
  delete window.__earlyInteractions;
  document.body.innerHTML = PAGE;
  runScript();
  loaded.push(window.__earlyInteractions!);
  document.dispatchEvent(new Event("DOMContentLoaded"));
}

/** The first frame after the parser's end, and the task after it: when what was typed is put back. */
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

// jsdom has no CSS.escape and does not scroll; the browsers this site supports do both.
globalThis.CSS ??= { escape: (value: string) => value } as typeof CSS;
Element.prototype.scrollIntoView ??= () => undefined;

beforeEach(loadPage);

afterEach(() => {
  for (const page of loaded.splice(0)) page.replay();
  delete window.__earlyInteractions;
  sessionStorage.clear();
});

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Hydrates (replays) and counts the presses that reach the page a task later. */
async function pressesReplayed(): Promise<number> {
  let presses = 0;
  const count = () => presses++;
  document.addEventListener("click", count);
  replayEarlyInteractions();
  await nextTask();
  document.removeEventListener("click", count);
  return presses;
}

describe("before hydration", () => {
  it("a pressed button neither reaches the page nor submits its form natively", () => {
    const reachedPage = vi.fn();
    const submitted = vi.fn();
    document.addEventListener("click", reachedPage);
    byId<HTMLFormElement>("lead").addEventListener("submit", submitted);
    byId("open").click();
    byId("next").click();
    expect(reachedPage).not.toHaveBeenCalled();
    expect(submitted).not.toHaveBeenCalled();
    document.removeEventListener("click", reachedPage);
  });

  it("links, check boxes and disabled buttons keep their native behaviour, out of the page's scripts' sight", () => {
    const clicks: string[] = [];
    const onClick = (event: Event) => clicks.push((event.target as HTMLElement).id);
    document.addEventListener("click", onClick);
    const follow = new MouseEvent("click", { bubbles: true, cancelable: true });
    byId("link").dispatchEvent(follow);
    expect(follow.defaultPrevented).toBe(false);
    byId<HTMLInputElement>("consent").click();
    byId("off").click();
    // React would hydrate the part they land in at once, in the middle of the press: held back.
    expect(clicks).toEqual([]);
    expect(byId<HTMLInputElement>("consent").checked).toBe(true);
    document.removeEventListener("click", onClick);
  });

  it("typing does its native work but reaches the page's scripts only once hydrated", async () => {
    const seen: string[] = [];
    const onEvent = (event: Event) => seen.push(event.type);
    for (const type of ["keydown", "input", "focusin", "pointerdown"]) document.addEventListener(type, onEvent);
    const field = byId<HTMLInputElement>("name");
    field.focus();
    field.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, key: "S" }));
    field.value = "S";
    field.dispatchEvent(new Event("input", { bubbles: true }));
    expect(seen).toEqual([]);
    expect(field.value).toBe("S");
    replayEarlyInteractions();
    expect(window.__earlyInteractions?.hydratedAt).toBeGreaterThan(0);
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    // The first: what was typed while held back, handed over (below); then the page's own.
    expect(seen).toEqual(["input", "input", "pointerdown"]);
    for (const type of ["keydown", "input", "focusin", "pointerdown"]) document.removeEventListener(type, onEvent);
  });
});

describe("once hydrated", () => {
  it("hands the page what was typed while held back, putting back keys a re-render took away", () => {
    const field = byId<HTMLInputElement>("name");
    const select = byId<HTMLSelectElement>("state");
    field.value = "Sunrise Care";
    field.dispatchEvent(new Event("input", { bubbles: true }));
    select.value = "GA";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    // A part re-rendered and set its controlled field back to what it knew.
    field.value = "Sunrise";
    const seen: string[] = [];
    const onInput = (event: Event) => seen.push(`${event.type} ${(event.target as HTMLInputElement).value}`);
    document.addEventListener("input", onInput);
    document.addEventListener("change", onInput);
    replayEarlyInteractions();
    expect(field.value).toBe("Sunrise Care");
    expect(seen).toEqual(["input Sunrise Care", "change GA"]);
    document.removeEventListener("input", onInput);
    document.removeEventListener("change", onInput);
  });

  it("presses the same buttons again, in order, a task after hydration, and then listens no more", async () => {
    byId("open").click();
    byId("next").click();
    // Hydration: React's handlers arrive.
    const pressed: string[] = [];
    const submitted = vi.fn((event: Event) => event.preventDefault());
    document.addEventListener("click", (event) => pressed.push((event.target as HTMLElement).id));
    byId<HTMLFormElement>("lead").addEventListener("submit", submitted);
    replayEarlyInteractions();
    expect(pressed).toEqual([]);
    await nextTask();
    expect(pressed).toEqual(["open", "next"]);
    expect(submitted).toHaveBeenCalledTimes(1);
    // Later presses are the app's own: handled at once, never queued or replayed.
    byId("open").click();
    expect(pressed).toEqual(["open", "next", "open"]);
    replayEarlyInteractions();
    await nextTask();
    expect(pressed).toEqual(["open", "next", "open"]);
  });

  it("submits a form sent with Enter (no button pressed) once", async () => {
    const form = byId<HTMLFormElement>("search");
    form.requestSubmit();
    const submitted = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener("submit", submitted);
    replayEarlyInteractions();
    await nextTask();
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it("skips a button that is gone or became disabled", async () => {
    byId("open").click();
    byId("next").click();
    byId("open").remove();
    byId<HTMLButtonElement>("next").disabled = true;
    expect(await pressesReplayed()).toBe(0);
  });
});

describe("typing before hydration, then a refresh", () => {
  const type = (id: string, value: string) => {
    const control = byId<HTMLInputElement | HTMLSelectElement>(id);
    control.value = value;
    control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  };
  const urgency = (value: string) => document.querySelector<HTMLInputElement>(`input[name="urgency"][value="${value}"]`)!;

  it("puts back what was typed and picked when the page loads again before hydrating, once it has painted", async () => {
    type("name", "Sunrise Care Center");
    type("state", "GA");
    urgency("later").click();
    byId<HTMLInputElement>("consent").click();
    loadPage();
    expect(byId<HTMLInputElement>("name").value, "nothing read from storage before the first paint").toBe("");
    await painted();
    expect(byId<HTMLInputElement>("name").value).toBe("Sunrise Care Center");
    expect(byId<HTMLSelectElement>("state").value).toBe("GA");
    expect(urgency("later").checked).toBe(true);
    expect(urgency("now").checked).toBe(false);
    expect(byId<HTMLInputElement>("consent").checked).toBe(true);
  });

  it("leaves out fields marked autocomplete=off (the honeypot) and never overwrites what a field shows", async () => {
    type("hp", "bot was here");
    type("q", "nurses");
    loadPage();
    byId<HTMLInputElement>("q").value = "typed since";
    await painted();
    expect(byId<HTMLInputElement>("hp").value).toBe("");
    expect(byId<HTMLInputElement>("q").value).toBe("typed since");
  });

  it("forgets it once hydrated: the app keeps its own drafts from then on", () => {
    type("name", "Sunrise Care Center");
    expect(sessionStorage.getItem(`${EARLY_INPUT_KEY_PREFIX}/`)).toContain("Sunrise");
    replayEarlyInteractions();
    expect(sessionStorage.getItem(`${EARLY_INPUT_KEY_PREFIX}/`)).toBeNull();
    type("name", "Typed after hydration");
    expect(sessionStorage.getItem(`${EARLY_INPUT_KEY_PREFIX}/`)).toBeNull();
  });
});

describe("a demo button pressed before hydration", () => {
  /** What scrolling and focusing did: the element scrolled, its options, and the focused element. */
  function record(press: () => void, { reduced, formHeight }: { reduced: boolean; formHeight: number }) {
    const scrolls: { id: string; options: unknown }[] = [];
    vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(function (this: Element, options) {
      scrolls.push({ id: this.tagName + (this.id ? `#${this.id}` : ""), options });
    });
    vi.spyOn(HTMLFormElement.prototype, "getBoundingClientRect").mockReturnValue({ height: formHeight } as DOMRect);
    window.matchMedia = ((query: string) => ({ matches: reduced && query.includes("reduce") })) as typeof window.matchMedia;
    (document.activeElement as HTMLElement | null)?.blur();
    press();
    vi.restoreAllMocks();
    return { scrolls, focused: document.activeElement?.id };
  }

  for (const reduced of [false, true]) {
    for (const formHeight of [400, 4000]) {
      it(`brings the form into view at once, exactly as scrollToForm() does (reduced motion ${reduced}, form ${formHeight} px)`, () => {
        const early = record(() => byId("demo").click(), { reduced, formHeight });
        const app = record(() => scrollToForm(), { reduced, formHeight });
        expect(early.scrolls).toHaveLength(1);
        expect(early).toEqual(app);
        expect(early.focused).toBe("facilityName");
      });
    }
  }

  it("is not pressed again once hydrated (it has done its work)", async () => {
    vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(() => undefined);
    window.matchMedia = (() => ({ matches: false })) as unknown as typeof window.matchMedia;
    byId("demo").click();
    expect(await pressesReplayed()).toBe(0);
    vi.restoreAllMocks();
  });
});
