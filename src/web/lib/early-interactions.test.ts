import { describe, expect, it, vi } from "vitest";
import { replayEarlyInteractions } from "./early-interactions";
import { byId, nextTask, pressesReplayed, withEarlyInteractionsPage } from "./early-interactions-test-page";
import { scrollToForm } from "./scroll-to-form";

withEarlyInteractionsPage();

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

describe("a demo button pressed before hydration", () => {
  /** What scrolling and focusing did: the element scrolled, its options, and the focused element. */
  function record(press: () => void, { reduced, formHeight }: { reduced: boolean; formHeight: number }) {
    const scrolls: { id: string; options: unknown }[] = [];
    vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(function (this: Element, options) {
      scrolls.push({ id: this.tagName + (this.id ? `#${this.id}` : ""), options });
    });
    vi.spyOn(HTMLFormElement.prototype, "getBoundingClientRect").mockReturnValue({ height: formHeight } as DOMRect);
    window.matchMedia = ((query: string) => ({
      matches: reduced && query.includes("reduce"),
    })) as typeof window.matchMedia;
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
