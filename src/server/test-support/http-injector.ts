import type { FastifyInstance } from "fastify";

/**
 * The staff test helpers (staff-test-helpers.ts) drive an app through `inject`; this answers
 * `inject` with real HTTP requests, each to the next of `bases` in turn, so a sign-in's steps
 * are answered by different processes. Only what those helpers read: status, body, json, cookies.
 */
export function roundRobinInjector(bases: string[]): FastifyInstance {
  let next = 0;
  const inject = async (options: {
    method?: string;
    url: string;
    headers?: Record<string, string>;
    payload?: unknown;
  }) => {
    const base = bases[next++ % bases.length]!;
    const response = await fetch(`${base}${options.url}`, {
      method: options.method ?? "GET",
      headers: {
        ...(options.payload !== undefined ? { "content-type": "application/json" } : {}),
        ...options.headers,
      },
      ...(options.payload !== undefined ? { body: JSON.stringify(options.payload) } : {}),
    });
    const body = await response.text();
    const cookies = response.headers.getSetCookie().map((line) => {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      return { name: pair!.slice(0, at).trim(), value: pair!.slice(at + 1).trim() };
    });
    return { statusCode: response.status, body, json: () => JSON.parse(body) as unknown, cookies };
  };
  return { inject } as unknown as FastifyInstance;
}
