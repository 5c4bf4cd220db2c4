/**
 * The demo buttons: bring the lead form into view and put the keyboard focus in it.
 * Smooth and centred (spec 2.1); instant under prefers-reduced-motion. A form taller than
 * the viewport is aligned to its top instead, so its first field is on screen.
 */
export const LEAD_FORM_ANCHOR = "qualification-form";

/** Marks the element that should take focus when the form is entered (a step's fields, the thank-you panel). */
export const FORM_ENTRY_ATTRIBUTE = "data-form-entry";

export const FOCUSABLE = "input:not([type=hidden]):not([tabindex='-1']), select, textarea, button, a[href]";

/**
 * Marks a button whose whole action is `scrollToForm()` (the demo buttons). Pressed before the
 * page has hydrated, such a button does the same at once (lib/early-interactions.ts) instead of
 * waiting for React.
 */
export const SCROLLS_TO_FORM_ATTRIBUTE = "data-scrolls-to-form";

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function focusFormEntry(container: ParentNode = document): void {
  const entry = container.querySelector<HTMLElement>(`[${FORM_ENTRY_ATTRIBUTE}]`);
  if (!entry) return;
  const target = entry.hasAttribute("tabindex") ? entry : (entry.querySelector<HTMLElement>(FOCUSABLE) ?? entry);
  target.focus({ preventScroll: true });
}

/** Scrolls the form itself (or what replaced it), not the whole section: on a phone the section is taller than the screen. */
export function scrollToForm(anchorId: string = LEAD_FORM_ANCHOR): void {
  const anchor = document.getElementById(anchorId);
  if (!anchor) return;
  const target = anchor.querySelector<HTMLElement>(`form, [${FORM_ENTRY_ATTRIBUTE}]`) ?? anchor;
  const fits = target.getBoundingClientRect().height <= window.innerHeight;
  target.scrollIntoView({ behavior: prefersReducedMotion() ? "instant" : "smooth", block: fits ? "center" : "start" });
  focusFormEntry(anchor);
}

/** A demo button's props: the action and its mark together, so the mark never promises more. */
export const scrollToFormButton = { [SCROLLS_TO_FORM_ATTRIBUTE]: "", onClick: () => scrollToForm() };
