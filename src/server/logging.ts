import type { FastifyServerOptions } from "fastify";
import type { Config } from "./config";

/**
 * Personal data never reaches the logs. Request bodies are not logged (Fastify logs method, path
 * without the query string (`serializeRequest`), status); these paths are censored wherever an
 * object with them is logged; and errors, whatever their shape, are logged by `serializeError`,
 * which keeps only what locates the fault (query strings in its message redacted).
 */
const LOG_REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  ...[
    "firstName",
    "lastName",
    "email",
    "phone",
    "name",
    "facilityName",
    "zipCode",
    "message",
    "body",
    "payload",
  ].flatMap((key) => [key, `*.${key}`]),
];

/** What an error is logged as: its kind, code, a redacted first line, the frames, its cause. */
export type LoggedError = {
  type: string;
  message: string;
  /** The frames only ("" when there are none). */
  stack: string;
  code?: string;
  statusCode?: number;
  cause?: LoggedError;
};

const EMAIL = /[^\s@"'(),;:<>[\]]+@[^\s@"'(),;:<>[\]]+/g;
/** Seven or more digits, maybe with separators: phone numbers, zip+4, ids. */
const LONG_NUMBER = /\+?\d[\d\s().-]{5,}\d/g;
/** Text in quotes or in a PostgreSQL detail's `(...)=(...)`: where drivers put the values. */
const QUOTED = /"[^"]*"|'[^']*'|`[^`]*`|\([^()]*\)=\([^()]*\)/g;

/** A query string in a message ("GET:/api/staff/leads?q=dana@x.example"): everything after "?" up to a space. */
const QUERY_STRING = /\?[^\s"'`]+/g;

/** A request's path without its query string: searches and filters (an e-mail, a phone) never reach the log. */
const pathOnly = (url: string | undefined) => {
  const at = (url ?? "").indexOf("?");
  return at === -1 ? (url ?? "") : url!.slice(0, at);
};

/**
 * What a request is logged as (Fastify's default, with the path instead of the URL): method,
 * path, host, client address and port.
 */
function serializeRequest(request: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}) {
  return {
    method: request.method,
    url: pathOnly(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * A message fit for the log: its first line only (drivers add the query and its parameters on
 * the next ones: "Failed query: ...\nparams: Dana,Reyes,..."), cut before any "params:", with
 * query strings, quoted text, e-mail addresses and long numbers replaced.
 */
export function redactMessage(message: string): string {
  const firstLine = message.split(/\r?\n/, 1)[0] ?? "";
  const withoutParams = firstLine.split(/\bparam(?:eter)?s?\s*[:=]/i, 1)[0] ?? "";
  return withoutParams
    .replace(QUERY_STRING, "?[redacted]")
    .replace(QUOTED, "[redacted]")
    .replace(EMAIL, "[redacted]")
    .replace(LONG_NUMBER, "[redacted]")
    .slice(0, 300);
}

/**
 * The error serializer of every log line: the kind, the code (SQLSTATE, ECONNREFUSED...), the
 * HTTP status, a redacted message, the stack's frames (not its first line, which repeats the
 * message) and, the same way, its cause. Everything else a driver hangs on an error (`params`,
 * `parameters`, `query`, `detail`, `where`...) is dropped.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error) && (typeof error !== "object" || error === null)) {
    return { type: typeof error, message: redactMessage(String(error)), stack: "" };
  }
  const err = error as Error & { code?: unknown; statusCode?: unknown; cause?: unknown };
  const logged: LoggedError = {
    type: err.name || err.constructor?.name || "Error",
    message: redactMessage(typeof err.message === "string" ? err.message : ""),
    stack:
      typeof err.stack === "string"
        ? err.stack
            .split("\n")
            .filter((line) => /^\s+at /.test(line))
            .slice(0, 15)
            .join("\n")
        : "",
  };
  if ((typeof err.code === "string" && err.code.length <= 40) || typeof err.code === "number")
    logged.code = String(err.code);
  if (typeof err.statusCode === "number") logged.statusCode = err.statusCode;
  if (err.cause !== undefined && depth < 3) logged.cause = serializeError(err.cause, depth + 1);
  return logged;
}

/** The logger of the app: level from the config, redaction, the error serializer; a stream for tests. */
export function loggerOptions(
  config: Config,
  overrides: LoggerOverrides = {},
): Exclude<FastifyServerOptions["logger"], boolean | undefined> {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: LOG_REDACT_PATHS, censor: "[redacted]" },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    ...overrides,
  };
}

/** What a caller (a test) may change: the level and where lines go. */
export interface LoggerOverrides {
  level?: string;
  stream?: { write(line: string): unknown };
}
