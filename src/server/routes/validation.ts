import type { FastifyReply } from "fastify";
import type { z } from "zod";
import { fieldErrorsOf } from "../../domain";

export const VALIDATION_ERROR = "Please correct the highlighted fields.";

/** Validates a body with a domain schema; on failure answers 400 with the forms' own words. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, reply: FastifyReply): z.infer<S> | undefined {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  void reply.code(400).send({ error: VALIDATION_ERROR, fields: fieldErrorsOf(result.error) });
  return undefined;
}
