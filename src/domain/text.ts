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
  z
    .string(error === undefined ? undefined : { error })
    .refine((text) => !hasUntypeableCharacters(text, rules), UNTYPEABLE_TEXT_MESSAGE);

/**
 * The path of the first string (object key or value, at any depth) in a parsed JSON value that
 * holds a character no person types, line breaks allowed; undefined when there is none. The
 * server refuses such bodies on every route before any handler runs. Walks with its own stack,
 * not recursion, so no depth of nesting can overflow the call stack.
 */
export function findUntypeableText(value: unknown): (string | number)[] | undefined {
  interface Step {
    value: unknown;
    key: string | number | undefined;
    parent: Step | undefined;
  }
  const pathOf = (step: Step | undefined, last?: string) => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let at = step; at && at.key !== undefined; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const pending: Step[] = [{ value, key: undefined, parent: undefined }];
  while (pending.length > 0) {
    const step = pending.pop()!;
    const item = step.value;
    if (typeof item === "string") {
      if (hasUntypeableCharacters(item, { multiline: true })) return pathOf(step);
    } else if (Array.isArray(item)) {
      // Pushed last to first, so the first element is looked at first.
      for (let i = item.length - 1; i >= 0; i--) pending.push({ value: item[i], key: i, parent: step });
    } else if (item !== null && typeof item === "object") {
      const entries = Object.entries(item);
      for (const [key] of entries) if (hasUntypeableCharacters(key, { multiline: true })) return pathOf(step, key);
      for (let i = entries.length - 1; i >= 0; i--)
        pending.push({ value: entries[i]![1], key: entries[i]![0], parent: step });
    }
  }
  return undefined;
}
