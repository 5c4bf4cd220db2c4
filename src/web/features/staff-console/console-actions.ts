import { useSubmit } from "react-router";
import { newIdempotencyKey } from "../../forms/idempotency-key";
import { CONSOLE_COPY } from "../../content/staff-console";
import type { SignedIn } from "../../../domain/staff-console-api";
import { setCsrfToken, staffApi, type ApiResult } from "./staff-api";
import { keepSession } from "./staff-session";

/**
 * Every change the console makes goes through its route's `clientAction` (docs/decisions/0027):
 * a form on the form core sends `{ intent, ...fields }` with the router's submit (a fetcher, so the
 * page stays where it is), the action posts it to the API, and the router then revalidates every
 * loader on the page. The form core wants the answer back (its succeeded / failed status with the
 * server's words): the action leaves it here under the submission's key, `send` picks it up.
 */
export type ActionBody = { intent: string } & Record<string, unknown>;
/** `answer`: the form core waits for the answer (a fetcher reads its own from the action's return). */
type Envelope = { key: string; body: ActionBody; answer?: true };

const answers = new Map<string, ApiResult<unknown>>();

/** In a route's clientAction: the submitted intent and fields, and a way to post them that leaves the answer for the form. */
export async function readAction(request: Request) {
  const { key, body, answer: kept } = (await request.json()) as Envelope;
  const { intent, ...fields } = body;
  return {
    intent,
    fields,
    /** `method`: PUT for a setting replaced as a whole (one's own e-mail alerts). */
    post: async <T>(
      path: string,
      payload: unknown = fields,
      method: "POST" | "PUT" = "POST",
    ): Promise<ApiResult<T>> => {
      const answer = await staffApi<T>(path, { method, body: payload });
      // Signing in, a confirmed second factor and a changed password start a new session with its own token.
      const session = answer.ok ? (answer.data as Partial<SignedIn>) : undefined;
      if (session && typeof session.csrfToken === "string" && session.account) {
        setCsrfToken(session.csrfToken);
        keepSession(session as SignedIn);
      }
      if (kept) answers.set(key, answer);
      return answer;
    },
  };
}

/** For a form on the core: `send(body)` submits to the route's action and resolves with the API's answer once the page is revalidated. */
export function useConsoleAction() {
  const submit = useSubmit();
  return async function send<T>(body: ActionBody): Promise<ApiResult<T>> {
    const key = newIdempotencyKey();
    await submit({ key, body, answer: true } as never, {
      method: "post",
      encType: "application/json",
      navigate: false,
      fetcherKey: key,
    });
    const answer = answers.get(key);
    answers.delete(key);
    return (answer as ApiResult<T> | undefined) ?? { ok: false, status: 0, error: CONSOLE_COPY.network, fields: {} };
  };
}
