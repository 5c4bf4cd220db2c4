import type { FastifyInstance, FastifyReply } from "fastify";
import type { z } from "zod";
import { UNTYPEABLE_TEXT_MESSAGE, findUntypeableText } from "../domain/text";
import { fieldErrorsOf } from "../domain/fields";

export const VALIDATION_ERROR = "Please correct the highlighted fields.";

/**
 * Validates a body (or query) with a domain schema; on failure answers 400 with the forms' own
 * words: `fields` has one message per field, `error` says "correct the highlighted fields", or,
 * with `{ error: "first-message" }` (the staff console, which shows one message), the first one.
 * `refusal` is a fixed answer instead, for a route whose refusals must not tell what was wrong
 * (sign-in, a second-factor code).
 */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  reply: FastifyReply,
  options: { error?: "summary" | "first-message"; refusal?: { error: string; fields?: Record<string, string> } } = {},
): z.infer<S> | undefined {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  if (options.refusal) {
    void reply.code(400).send(options.refusal);
    return undefined;
  }
  const error =
    options.error === "first-message" ? (result.error.issues[0]?.message ?? VALIDATION_ERROR) : VALIDATION_ERROR;
  void reply.code(400).send({ error, fields: fieldErrorsOf(result.error) });
  return undefined;
}

/**
 * The safety net under the domain's text schemas, for every route of `app` (register it before
 * the routes): a JSON body holding, at any depth, a string with a character no person types
 * (NUL and other controls, unpaired surrogates) is refused with 400 before any handler runs, so
 * the database never sees one. The answer names the top-level field, as `parseBody` does.
 */
export function refuseUntypeableText(app: FastifyInstance): void {
  app.addHook("preValidation", async (request, reply) => {
    if (request.body === undefined) return;
    const path = findUntypeableText(request.body);
    if (!path) return;
    const field = path.length > 0 ? String(path[0]) : "_form";
    return reply.code(400).send({ error: VALIDATION_ERROR, fields: { [field]: UNTYPEABLE_TEXT_MESSAGE } });
  });
}
