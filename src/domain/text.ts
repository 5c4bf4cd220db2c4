import { z } from "zod";

/**
 * Characters no person types, refused in every text the site accepts: the C0 control
 * characters and DEL (NUL among them, which PostgreSQL cannot store), except tab, and line
 * breaks where a field holds several lines; and unpaired UTF-16 surrogates (half an emoji,
 * which a JSON column refuses and a text column silently turns into U+FFFD).
 */

export const UNTYPEABLE_TEXT_MESSAGE = "Please remove characters that are not allowed (control or broken characters)";

/* eslint-disable no-control-regex -- matching control characters is the point here */
/** C0 controls and DEL, tab allowed. */
const CONTROL_SINGLE_LINE = /[\u0000-\u0008\u000a-\u001f\u007f]/;
/** C0 controls and DEL, tab, line feed and carriage return allowed. */
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/* eslint-enable no-control-regex */
/** A surrogate not part of a pair: with the u flag a well-formed pair is one code point, not a match. */
const UNPAIRED_SURROGATE = /\p{Cs}/u;

export interface TextRules {
  /** Line breaks allowed (a message); otherwise one line (a name). */
  multiline?: boolean;
}

/** True when the text holds a character no person types (see above). */
export function hasUntypeableCharacters(text: string, rules: TextRules = {}): boolean {
  return (rules.multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(text) || UNPAIRED_SURROGATE.test(text);
}

/**
 * A string of typeable characters: every text field's base schema (chain `.trim()`, `.max()`
 * after it). The refusal comes first, so a later check never sees such a string.
 */
export const typeableText = (rules: TextRules = {}, error?: string) =>
  z.string(error === undefined ? undefined : { error }).refine((text) => !hasUntypeableCharacters(text, rules), UNTYPEABLE_TEXT_MESSAGE);

/**
 * The path of the first string (object key or value, at any depth) in a parsed JSON value that
 * holds a character no person types, line breaks allowed; undefined when there is none. The
 * server refuses such bodies on every route before any handler runs.
 */
export function findUntypeableText(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === "string") return hasUntypeableCharacters(value, { multiline: true }) ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUntypeableText(value[i], [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (hasUntypeableCharacters(key, { multiline: true })) return [...path, key];
      const found = findUntypeableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
