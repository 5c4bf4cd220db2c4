// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EARLY_INTERACTIONS_SCRIPT, replayEarlyInteractions } from "./early-interactions";

/** Runs the inline script as the browser would, as a classic script (jsdom runs no <script> itself). */
function runScript() {
  new Function(EARLY_INTERACTIONS_SCRIPT)();
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  document.body.innerHTML = `
    <form id="lead"><input id="name" name="name"><button id="next" type="submit">Next</button></form>
    <form id="search"><input id="q" name="q"></form>
    <button id="open" type="button">Join our Talent Network</button>
    <button id="off" type="button" disabled>Disabled</button>
    <a id="link" href="#faq">FAQ</a>
    <input id="consent" type="checkbox">`;
  runScript();
});

afterEach(() => {
  replayEarlyInteractions();
  delete window.__earlyInteractions;
});

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

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

  it("links, check boxes and disabled buttons keep their native behaviour", () => {
    const clicks: string[] = [];
    document.addEventListener("click", (event) => clicks.push((event.target as HTMLElement).id));
    byId("link").click();
    byId<HTMLInputElement>("consent").click();
    byId("off").click();
    expect(clicks).toEqual(["link", "consent"]);
    expect(byId<HTMLInputElement>("consent").checked).toBe(true);
  });
});

describe("once hydrated", () => {
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
    const pressed = vi.fn();
    document.addEventListener("click", pressed);
    replayEarlyInteractions();
    await nextTask();
    expect(pressed).not.toHaveBeenCalled();
    document.removeEventListener("click", pressed);
  });
});
