import { randomUUID } from "node:crypto";
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for the voice provider's assistant API (Vapi), for tests: a real HTTP server on
 * 127.0.0.1 written from the provider's published API reference. `POST /assistant` (201),
 * `GET /assistant?limit=` (newest first), `GET /assistant/{id}`, `PATCH /assistant/{id}` (the
 * fields sent replace the stored ones); `Authorization: Bearer <private key>` else 401; errors
 * as the provider's `{statusCode, error, message}`. It records every request, and its stored
 * assistants can be changed by a test as someone would in the provider's dashboard.
 */

export interface StandInRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

type Assistant = Record<string, unknown> & { id: string; name?: string; createdAt: string };

/** An outbound call as the stand-in made it (`POST /call`). */
export type StandInCall = Record<string, unknown> & {
  id: string;
  status: string;
  customer: { number: string };
  metadata?: Record<string, unknown>;
  assistant?: { server?: { url?: string; headers?: Record<string, string> } } & Record<string, unknown>;
};

/** How a test ends a call: what the person who answered said, or how it ended without anyone. */
export interface CallEnding {
  confirmed?: "yes" | "no" | "unsure";
  answeredBy?: string;
  endedReason?: string;
  transcript?: string;
}

/** The provider's limit on an assistant's name. */
const NAME_MAX = 40;

export class VapiStandIn {
  readonly requests: StandInRequest[] = [];
  /** The provider's copies, by id (a test may edit them). */
  readonly assistants = new Map<string, Assistant>();
  /** Outbound calls placed, by id. */
  readonly calls = new Map<string, StandInCall>();
  private server: Server | undefined;
  private clock = Date.parse("2026-11-24T09:00:00.000Z");

  constructor(readonly privateKey: string) {}

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** The requests of one method ("POST", "PATCH"...). */
  sent(method: string): StandInRequest[] {
    return this.requests.filter((request) => request.method === method);
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => this.answer(req, Buffer.concat(chunks).toString("utf8"), res));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private answer(req: IncomingMessage, text: string, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://stand-in");
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      return send(res, 400, error(400, "Bad Request", "Unexpected token in JSON"));
    }
    const method = req.method ?? "";
    this.requests.push({ method, path: url.pathname + url.search, headers: req.headers, body });
    if (req.headers.authorization !== `Bearer ${this.privateKey}`) {
      return send(
        res,
        401,
        error(
          401,
          "Unauthorized",
          "Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.",
        ),
      );
    }
    if (url.pathname === "/call" && method === "POST") return this.createCall(body, res);
    const match = /^\/assistant(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match) return send(res, 404, error(404, "Not Found", `Cannot ${method} ${url.pathname}`));
    const id = match[1];
    if (!id && method === "GET") {
      const limit = Number(url.searchParams.get("limit") ?? 100);
      if (!Number.isInteger(limit) || limit < 0 || limit > 1000)
        return send(res, 400, error(400, "Bad Request", ["limit must not be greater than 1000"]));
      const newestFirst = [...this.assistants.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return send(res, 200, newestFirst.slice(0, limit));
    }
    if (!id && method === "POST") return this.create(body, res);
    const existing = id ? this.assistants.get(id) : undefined;
    if (!existing) return send(res, 404, error(404, "Not Found", "Couldn't Get Assistant. `assistant` Not Found"));
    if (method === "GET") return send(res, 200, existing);
    if (method === "PATCH") {
      const problem = invalid(body);
      if (problem) return send(res, 400, error(400, "Bad Request", [problem]));
      const updated = {
        ...existing,
        ...(body as object),
        id: existing.id,
        createdAt: existing.createdAt,
        updatedAt: this.now(),
      };
      this.assistants.set(existing.id, updated);
      return send(res, 200, updated);
    }
    return send(res, 404, error(404, "Not Found", `Cannot ${method} ${url.pathname}`));
  }

  private create(body: unknown, res: ServerResponse) {
    const problem = invalid(body);
    if (problem) return send(res, 400, error(400, "Bad Request", [problem]));
    const at = this.now();
    const assistant: Assistant = {
      ...(body as object),
      id: randomUUID(),
      orgId: "org-of-the-stand-in",
      createdAt: at,
      updatedAt: at,
    };
    this.assistants.set(assistant.id, assistant);
    return send(res, 201, assistant);
  }

  /** `POST /call`: an outbound phone call needs a phone number id, the customer's E.164 number and an assistant (or its id). */
  private createCall(body: unknown, res: ServerResponse) {
    const dto = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
    const customer = dto.customer as { number?: unknown } | undefined;
    const problems = [
      typeof dto.phoneNumberId !== "string" && "phoneNumberId must be a string",
      (typeof customer?.number !== "string" || !/^\+[1-9]\d{6,14}$/.test(customer.number)) &&
        "customer.number must be a valid phone number in the E.164 format",
      dto.assistant === undefined && dto.assistantId === undefined && "assistant or assistantId is required",
    ].filter((p): p is string => Boolean(p));
    if (problems.length > 0) return send(res, 400, error(400, "Bad Request", problems));
    const at = this.now();
    const call = {
      ...dto,
      id: randomUUID(),
      orgId: "org-of-the-stand-in",
      type: "outboundPhoneCall",
      status: "queued",
      createdAt: at,
      updatedAt: at,
    } as unknown as StandInCall;
    this.calls.set(call.id, call);
    return send(res, 201, call);
  }

  /**
   * Ends a placed call as the provider would: its end-of-call report (the structured answer, the
   * transcript) POSTed to the call's assistant's server URL with the headers it was given.
   */
  async endCall(callId: string, ending: CallEnding): Promise<Response> {
    const { url, headers, body } = this.endOfCallReport(callId, ending);
    return fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  }

  /** The end-of-call report the provider would send for a placed call: where to, its headers and its JSON body. */
  endOfCallReport(callId: string, ending: CallEnding): { url: string; headers: Record<string, string>; body: string } {
    const call = this.calls.get(callId);
    const server = call?.assistant?.server;
    if (!call || !server?.url) throw new Error(`no call ${callId} with a server URL`);
    call.status = "ended";
    const message = {
      type: "end-of-call-report",
      endedReason: ending.endedReason ?? "customer-ended-call",
      startedAt: this.now(),
      endedAt: this.now(),
      call: { id: call.id, type: call.type, customer: call.customer, metadata: call.metadata },
      artifact: { transcript: ending.transcript ?? "AI: Can you confirm that?\nUser: Yes." },
      analysis: {
        summary: "A callback.",
        ...(ending.confirmed
          ? {
              structuredData: {
                confirmed: ending.confirmed,
                ...(ending.answeredBy ? { answeredBy: ending.answeredBy } : {}),
              },
            }
          : {}),
      },
    };
    return { url: server.url, headers: server.headers ?? {}, body: JSON.stringify({ message }) };
  }

  /** Each write a second later than the last, so "newest first" is well defined. */
  private now(): string {
    this.clock += 1000;
    return new Date(this.clock).toISOString();
  }
}

function invalid(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "body must be an object";
  const name = (body as { name?: unknown }).name;
  if (name !== undefined && (typeof name !== "string" || name.length > NAME_MAX))
    return `name must be shorter than or equal to ${NAME_MAX} characters`;
  return undefined;
}

const error = (statusCode: number, name: string, message: string | string[]) => ({ message, error: name, statusCode });

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}
