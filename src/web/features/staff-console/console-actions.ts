import type { z } from "zod";
import { CONSOLE_COPY } from "../../content/staff-console";
import { staffApi, type ApiResult } from "./staff-api";

/**
 * Every change the console makes goes through its route's `clientAction` (docs/decisions/0027):
 * the one form hook (use-console-form.ts) submits `{ body: { intent, ...values }, csrfToken }` to
 * the route with a fetcher; the action parses the body with the route's intents (a zod
 * discriminated union in src/domain/staff-console-intents.ts) and posts its fields to the API;
 * the fetcher's data is the answer the form shows, and the router revalidates the page's loaders.
 */
export interface ConsoleSubmission {
  body: { intent: string } & Record<string, unknown>;
  /** The session's CSRF token, from the layout (console-session.ts). */
  csrfToken: string;
}

/** `method`: PUT for a setting replaced as a whole (one's own e-mail alerts, availability). */
export type Post = <T>(path: string, payload?: unknown, method?: "POST" | "PUT") => Promise<ApiResult<T>>;

/** What a body that no intent of the route matches is answered with (a form's bug, never a person's input). */
const NOT_AN_INTENT: ApiResult<never> = { ok: false, status: 400, error: CONSOLE_COPY.notAnIntent, fields: {} };

/** An intent's fields without its name: what most intents post as they are. */
export function fieldsOf<I extends { intent: string }>(intent: I): Omit<I, "intent"> {
  const { intent: _name, ...fields } = intent;
  return fields;
}

/**
 * A route's clientAction: the submission parsed with the route's `intents`, then `act` with the
 * typed intent and a `post` to the API that carries the session's CSRF token.
 */
export async function runAction<S extends z.ZodType<{ intent: string }>>(
  request: Request,
  intents: S,
  act: (intent: z.output<S>, post: Post) => Promise<ApiResult<unknown>>,
): Promise<ApiResult<unknown>> {
  const submission = (await request.json().catch(() => ({}))) as Partial<ConsoleSubmission>;
  const parsed = intents.safeParse(submission.body);
  if (!parsed.success) return NOT_AN_INTENT;
  const csrfToken = submission.csrfToken ?? "";
  const post: Post = (path, payload = {}, method = "POST") => staffApi(path, { method, body: payload, csrfToken });
  return act(parsed.data, post);
}
