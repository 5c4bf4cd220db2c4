/**
 * An e-mail's HTML as a browser parses it: the tests read it by element, not by string. For
 * test files in Vitest's jsdom environment (`DOMParser` is jsdom's).
 */
export function mailDocument(html: string): Document {
  return new DOMParser().parseFromString(html, "text/html");
}

/** Every element's tag in document order: two e-mails with the same shape have the same markup. */
export function markupShape(document: Document): string[] {
  return [...document.querySelectorAll("*")].map((element) => element.tagName.toLowerCase());
}

/** Makes the test window's document this e-mail (its <html> with lang, <head> and <title>), for axe. */
export function showInTestWindow(html: string): void {
  const parsed = mailDocument(html);
  document.replaceChild(document.adoptNode(parsed.documentElement), document.documentElement);
}
