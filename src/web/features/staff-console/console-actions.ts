import { z } from "zod";
import { fieldErrorsOf } from "../../../domain/fields";
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
 * A route's clientAction: the submission checked with the route's `intents` (each the request
 * schema the server parses, strict), then `act` with the intent as the form sent it and a `post`
 * to the API that carries the session's CSRF token. A value the server would refuse is refused
 * here with the same words (the first one, as the API answers the console); a body no intent of
 * the route matches, or with a field the server does not take, is a form's bug.
 */
export async function runAction<S extends z.ZodType<{ intent: string }>>(
  request: Request,
  intents: S,
  act: (intent: z.input<S>, post: Post) => Promise<ApiResult<unknown>>,
): Promise<ApiResult<unknown>> {
  const submission = (await request.json().catch(() => ({}))) as Partial<ConsoleSubmission>;
  const parsed = intents.safeParse(submission.body);
  if (!parsed.success) return refusalOf(parsed.error);
  const csrfToken = submission.csrfToken ?? "";
  const post: Post = (path, payload = {}, method = "POST") => staffApi(path, { method, body: payload, csrfToken });
  // As sent (the server parses it again with the same schema; a transform's output is not a body).
  return act(submission.body as z.input<S>, post);
}

function refusalOf(error: z.ZodError): ApiResult<never> {
  const issues = meantIssues(error.issues);
  const notAnIntent =
    !issues ||
    issues.some(
      (issue) =>
        issue.path.length === 0 || PATH_KEYS.includes(String(issue.path[0])) || issue.code === "unrecognized_keys",
    );
  if (notAnIntent) return NOT_AN_INTENT;
  return {
    ok: false,
    status: 400,
    error: issues[0]!.message,
    fields: fieldErrorsOf(new z.ZodError(issues)) as Record<string, string>,
  };
}

type Issue = z.core.$ZodIssue;
/** The intent's name and the ids its path takes: the form sets them, never a person. */
const PATH_KEYS = ["intent", "id", "lead", "rewardId", "deliveryId", "accountId"];
const unknownField = (issues: Issue[]) => issues.some((issue) => issue.code === "unrecognized_keys");

/**
 * The issues of the intent the form meant: in a union (a step is one of the pipeline's steps or a
 * reward's order), the option its `intent` and `to` name, one without an unknown field first;
 * undefined when no option is named (the intent is not the route's).
 */
function meantIssues(issues: Issue[]): Issue[] | undefined {
  const [union] = issues;
  if (issues.length !== 1 || union?.code !== "invalid_union") return issues;
  const named = union.errors.filter(
    (option) => !option.some((i) => i.code === "invalid_value" && (i.path[0] === "intent" || i.path[0] === "to")),
  );
  const meant = named.find((option) => !unknownField(option)) ?? named[0];
  return meant && meantIssues(meant);
}
