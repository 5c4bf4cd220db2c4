import { describe, expect, it } from "vitest";
import { linkUrl, singleLine, subjectLine, telHref } from "./mail-text";

describe("singleLine", () => {
  it.each([
    ["Dana\r\nBcc: x@y", "Dana Bcc: x@y"],
    ["  Dana \t\n  Whitfield  ", "Dana Whitfield"],
    ["A\u0000B\u007fC\u0085D\u2028E\u2029F", "A B C D E F"],
    ["\u202eanaD\u202c", "anaD"],
    ["\u2067مريم\u2069", "مريم"],
    ["", ""],
  ])("%j -> %j", (input, expected) => {
    expect(singleLine(input, 60)).toBe(expected);
  });

  it("bounds the length with an ellipsis, cutting between user-perceived characters", () => {
    expect(singleLine("abcdefghij", 5)).toBe("abcd…");
    expect(singleLine("abcde", 5)).toBe("abcde");
    // A family emoji is 8 UTF-16 units (three people joined by two ZWJ): kept whole or dropped whole.
    expect(singleLine("ab👨‍👩‍👧", 10)).toBe("ab👨‍👩‍👧");
    expect(singleLine("ab👨‍👩‍👧cd", 11)).toBe("ab👨‍👩‍👧…");
    expect(singleLine("ab👨‍👩‍👧cd", 9)).toBe("ab…");
  });

  it("does not end on a space before the ellipsis", () => {
    expect(singleLine("abc     defgh", 5)).toBe("abc…");
  });
});

describe("subjectLine", () => {
  it("is one line of at most 150 characters", () => {
    const subject = subjectLine(`Hello ${"x\r\n".repeat(200)}`);
    expect(subject).not.toMatch(/[\r\n]/);
    expect(subject.length).toBe(150);
  });
});

describe("linkUrl", () => {
  it("keeps http(s) links", () => {
    expect(linkUrl("https://shiftready.example/qualifying-chat#token=abc")).toBe(
      "https://shiftready.example/qualifying-chat#token=abc",
    );
    expect(linkUrl("http://127.0.0.1:3000/staff/leads/1")).toBe("http://127.0.0.1:3000/staff/leads/1");
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,x",
    "mailto:a@b.example",
    "file:///etc/passwd",
    "/relative",
    "",
  ])("refuses %j", (value) => {
    expect(() => linkUrl(value)).toThrow(TypeError);
  });
});

describe("telHref", () => {
  it.each([
    ["(888) 555-0142", "tel:+18885550142"],
    ["+1 888 555 0142", "tel:+18885550142"],
    ["+44 20 7946 0958", "tel:+442079460958"],
  ])("%s -> %s", (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });
});
