import { CONSOLE_COPY } from "../../content/staff-console";

/**
 * The console's only way to its API (/api/staff/*): JSON, the session cookie, and on every
 * change the session's CSRF token in X-CSRF-Token (handed in by the route's action, which has it
 * from the form's submission: console-actions.ts); X-Staff-Console on every request. Every
 * failure has one shape with words to show.
 */
export type ApiResult<T> =
  { ok: true; data: T } | { ok: false; status: number; error: string; fields: Record<string, string> };

/** A loader's failure: the API's status and its words, shown by the route's error boundary. */
export class ConsoleError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A view's read: the answer's data, or a ConsoleError its route's error boundary shows. */
export async function readApi<T>(path: string): Promise<T> {
  const result = await staffApi<T>(path);
  if (!result.ok) throw new ConsoleError(result.status, result.error);
  return result.data;
}

export async function staffApi<T>(
  path: string,
  init: { method?: "GET" | "POST" | "PUT"; body?: unknown; csrfToken?: string } = {},
): Promise<ApiResult<T>> {
  const method = init.method ?? "GET";
  try {
    const response = await fetch(`/api/staff${path}`, {
      method,
      credentials: "same-origin",
      headers: {
        accept: "application/json",
        // The server gives the session (and its CSRF token) only to requests that say they are the console's.
        "x-staff-console": "1",
        ...(method !== "GET" ? { "content-type": "application/json", "x-csrf-token": init.csrfToken ?? "" } : {}),
      },
      ...(method !== "GET" ? { body: JSON.stringify(init.body ?? {}) } : {}),
    });
    const data = (await response.json().catch(() => ({}))) as T & { error?: string; fields?: Record<string, string> };
    if (response.ok) return { ok: true, data };
    return {
      ok: false,
      status: response.status,
      error: data.error ?? `The server answered ${response.status}.`,
      fields: data.fields ?? {},
    };
  } catch {
    return { ok: false, status: 0, error: CONSOLE_COPY.network, fields: {} };
  }
}
