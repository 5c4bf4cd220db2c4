import { describe, expect, it } from "vitest";
import { EARLY_INPUT_KEY_PREFIX, replayEarlyInteractions } from "./early-interactions";
import { byId, loadPage, painted, withEarlyInteractionsPage } from "./early-interactions-test-page";

withEarlyInteractionsPage();

describe("typing before hydration, then a refresh", () => {
  const type = (id: string, value: string) => {
    const control = byId<HTMLInputElement | HTMLSelectElement>(id);
    control.value = value;
    control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  };
  const urgency = (value: string) =>
    document.querySelector<HTMLInputElement>(`input[name="urgency"][value="${value}"]`)!;

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
