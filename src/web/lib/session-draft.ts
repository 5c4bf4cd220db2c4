/**
 * A form draft in sessionStorage, so a refresh keeps what the visitor typed. Storage can be
 * missing, full or blocked (private mode): every call fails quietly, the form still works.
 * Read it only after hydration: the prerendered HTML has no draft, reading it during the
 * first render would give a hydration mismatch.
 */
export function readDraft<T>(key: string, isValid: (value: unknown) => value is T): T | undefined {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return undefined;
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(key: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or privacy settings: the draft is a convenience, not a requirement.
  }
}

export function clearDraft(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // As above.
  }
}
