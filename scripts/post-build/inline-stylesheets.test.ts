import { describe, expect, it } from "vitest";
import { inlineStylesheetsInto } from "./inline-stylesheets";

const page = (head: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">${head}</head><body><p>Hi</p></body></html>`;

describe("inlineStylesheetsInto", () => {
  it("puts the whole sheet in a <style> and keeps the link, disabled, for hydration", () => {
    const html = inlineStylesheetsInto(
      page('<link rel="stylesheet" href="/assets/root-abc.css"/>'),
      (href) => `/*${href}*/p{color:red}`,
    );
    expect(html).toContain(
      '<style>/*/assets/root-abc.css*/p{color:red}</style><link rel="stylesheet" href="/assets/root-abc.css" disabled/>',
    );
    expect(html.match(/<link[^>]*stylesheet[^>]*>/g)).toEqual([
      '<link rel="stylesheet" href="/assets/root-abc.css" disabled/>',
    ]);
  });

  it("handles every linked sheet and leaves other links alone", () => {
    const html = inlineStylesheetsInto(
      page(
        '<link rel="icon" href="/favicon.svg"><link rel="stylesheet" href="/a.css"/><link rel="stylesheet" href="/b.css">',
      ),
      (href) => `a[href="${href}"]{}`,
    );
    expect(html).toContain('<link rel="icon" href="/favicon.svg">');
    expect(html).toContain('<style>a[href="/a.css"]{}</style>');
    expect(html).toContain('<style>a[href="/b.css"]{}</style>');
    expect(html).not.toMatch(/<link rel="stylesheet" href="[^"]+"\s*\/?>/);
  });

  it("refuses CSS that would close the <style> element early", () => {
    expect(() =>
      inlineStylesheetsInto(page('<link rel="stylesheet" href="/x.css"/>'), () => 'a::after{content:"</style>"}'),
    ).toThrow(/<\/style/);
  });

  it("refuses relative url()s, which would resolve against the page once inlined, and allows absolute ones", () => {
    const link = page('<link rel="stylesheet" href="/assets/x.css"/>');
    expect(() => inlineStylesheetsInto(link, () => "a{background:url(./dot.svg)}")).toThrow(/relative url/);
    expect(() => inlineStylesheetsInto(link, () => "a{background:url('img/dot.svg')}")).toThrow(/relative url/);
    expect(
      inlineStylesheetsInto(link, () => 'a{background:url(/dot.svg)}b{background:url("data:image/png;base64,AA")}'),
    ).toContain("url(/dot.svg)");
  });
});
