import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * TEST SUPPORT: the HTTP server under the registry stand-ins (nppes-stand-in.ts, cms-stand-in.ts):
 * 127.0.0.1 only, JSON answers, a request count, and the faults a registry shows: `status_500`,
 * `timeout` (headers never come; the connection is dropped after `holdMs`), `errors` (HTTP 200
 * with the registry's error body). Set from tests (`setFault`) or over HTTP when run as a process
 * (`POST /__stand-in/fault {"fault": "timeout"}`; `{"fault": "none"}` brings it back).
 */

type RegistryFault = "none" | "status_500" | "timeout" | "errors";
const FAULTS: readonly RegistryFault[] = ["none", "status_500", "timeout", "errors"];

export interface RegistryStandIn {
  url: string;
  /** Requests of the provider's API received (controls not counted). */
  requests: () => number;
  /** The query strings received, in order (for tests of what the client asks). */
  queries: URLSearchParams[];
  setFault(fault: RegistryFault): void;
  close(): Promise<void>;
}

export interface StandInHandler {
  /** The API's answer to a GET, or undefined for 404. */
  answer(url: URL): unknown;
  /** What the registry sends as HTTP 200 when it reports an error. */
  errorsBody: unknown;
  /** The path the API's base URL ends with ("/api/", "/provider-data/api/1"). */
  basePath: string;
}

const sendJson = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
};

export async function startRegistryStandIn(
  handler: StandInHandler,
  options: { port?: number; holdMs?: number } = {},
): Promise<RegistryStandIn> {
  let fault: RegistryFault = "none";
  let requests = 0;
  const queries: URLSearchParams[] = [];
  const held = new Set<ServerResponse>();

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    if (url.pathname === "/__stand-in/fault" && request.method === "POST") {
      let text = "";
      request.on("data", (chunk: Buffer) => (text += chunk.toString()));
      request.on("end", () => {
        const wanted = (JSON.parse(text || "{}") as { fault?: RegistryFault }).fault ?? "none";
        if (!FAULTS.includes(wanted)) return sendJson(response, 400, { error: `fault is one of ${FAULTS.join(", ")}` });
        fault = wanted;
        sendJson(response, 200, { fault });
      });
      return;
    }
    requests++;
    queries.push(url.searchParams);
    if (fault === "status_500") return sendJson(response, 500, { message: "Internal Server Error" });
    if (fault === "errors") return sendJson(response, 200, handler.errorsBody);
    if (fault === "timeout") {
      held.add(response);
      setTimeout(() => {
        held.delete(response);
        response.destroy();
      }, options.holdMs ?? 30_000).unref();
      return;
    }
    const body = request.method === "GET" ? handler.answer(url) : undefined;
    if (body === undefined) return sendJson(response, 404, { message: "Not found" });
    sendJson(response, 200, body);
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${handler.basePath}`,
    requests: () => requests,
    queries,
    setFault: (next) => (fault = next),
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
