import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * The JSON body parser of every route. It reads the body itself so that it can refuse JSON
 * nested deeper than MAX_JSON_DEPTH as the bytes arrive, with `400`, before anything parses or
 * walks it (and before the size limit: a body 10,000 levels deep is a `400` even where it is
 * larger than the route's limit). Then, as Fastify's own parser: the route's body limit
 * (`413`), the Content-Length check, and secure-json-parse refusing `__proto__` and
 * `constructor.prototype` keys (through Fastify's default parser).
 */

/** Deeper than any of our bodies needs: a form is 2 levels, a voice provider's report about 8. */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = "The request body is nested too deeply.";

/** Counts the nesting of JSON text as it arrives, chunk by chunk, outside strings; no recursion. */
export class JsonDepthScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  constructor(private readonly max = MAX_JSON_DEPTH) {}

  /** False as soon as the text so far opens more than `max` arrays or objects at once. */
  feed(chunk: Uint8Array): boolean {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === 0x5c)
          this.escaped = true; // backslash
        else if (byte === 0x22) this.inString = false; // quote
        continue;
      }
      // UTF-8 multi-byte sequences never contain these ASCII bytes, so bytes can be scanned as they come.
      if (byte === 0x22) this.inString = true;
      else if (byte === 0x5b || byte === 0x7b) {
        if (++this.depth > this.max) return false;
      } else if ((byte === 0x5d || byte === 0x7d) && this.depth > 0) this.depth--;
    }
    return true;
  }
}

/** Whether a JSON text nests deeper than `max` (for tests and callers holding the whole text). */
export const jsonDeeperThan = (text: string, max = MAX_JSON_DEPTH) =>
  !new JsonDepthScanner(max).feed(Buffer.from(text, "utf8"));

const httpError = (statusCode: number, code: string, message: string) =>
  Object.assign(new Error(message), { statusCode, code });

type Done = (error: Error | null, body?: unknown) => void;

/** Replaces Fastify's application/json parser (call once, before the routes). */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    "application/json",
    (request: FastifyRequest, payload: NodeJS.ReadableStream, done: Done) => {
      const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024;
      const contentLength = Number(request.headers["content-length"]);
      const scanner = new JsonDepthScanner();
      const chunks: Buffer[] = [];
      let received = 0;
      let finished = false;
      const finish = (error: Error | null, body?: unknown) => {
        if (finished) return;
        finished = true;
        payload.removeListener("data", onData);
        payload.removeListener("end", onEnd);
        payload.removeListener("error", onEnd);
        done(error, body);
      };
      function onData(data: Buffer | string) {
        const chunk = typeof data === "string" ? Buffer.from(data) : data;
        if (!scanner.feed(chunk)) return finish(httpError(400, "FST_ERR_JSON_TOO_DEEP", TOO_DEEP_MESSAGE));
        received += chunk.length;
        if (received > limit) return finish(httpError(413, "FST_ERR_CTP_BODY_TOO_LARGE", "Request body is too large"));
        chunks.push(chunk);
      }
      function onEnd(error?: Error & { statusCode?: number }) {
        if (error)
          return finish(
            Object.assign(error, { statusCode: error.statusCode && error.statusCode >= 400 ? error.statusCode : 400 }),
          );
        if (!Number.isNaN(contentLength) && received !== contentLength) {
          return finish(
            httpError(400, "FST_ERR_CTP_INVALID_CONTENT_LENGTH", "Request body size did not match Content-Length"),
          );
        }
        parseJson(request, Buffer.concat(chunks, received).toString("utf8"), (parseError, body) =>
          finish(parseError as Error | null, body),
        );
      }
      payload.on("data", onData);
      payload.on("end", onEnd);
      payload.on("error", onEnd);
      payload.resume();
    },
  );
}
