/**
 * A registry's answer read within limits: a deadline for the whole exchange (headers and body)
 * and a size past which the body is cut and the answer refused. Registries are configured by the
 * operator (NPPES_API_URL, CMS_PROVIDER_DATA_URL), so this is plain `fetch`; lead-named sites
 * go through safe-fetch.ts instead.
 */

type FetchProblem = "timeout" | "status" | "too_large" | "network" | "invalid";

class LimitedFetchError extends Error {
  override name = "LimitedFetchError";
  constructor(
    readonly problem: FetchProblem,
    message: string,
  ) {
    super(message);
  }
}

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

/** Reads a body stream up to `maxBytes`; past it the stream is cancelled and `too_large` thrown. */
async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new LimitedFetchError("too_large", `answer larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** GET `url` as JSON within the limits; any failure is a LimitedFetchError naming the problem (never the URL's query). */
export async function fetchJsonLimited(url: URL, limits: FetchLimits): Promise<unknown> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const response = await fetch(url, { signal, headers: { accept: "application/json" }, redirect: "error" });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new LimitedFetchError("status", `HTTP ${response.status}`);
    }
    const body = await readCapped(response.body, limits.maxBytes);
    try {
      return JSON.parse(body.toString("utf8")) as unknown;
    } catch {
      throw new LimitedFetchError("invalid", "answer is not JSON");
    }
  } catch (error) {
    if (error instanceof LimitedFetchError) throw error;
    if (signal.aborted) throw new LimitedFetchError("timeout", `no answer within ${limits.timeoutMs} ms`);
    throw new LimitedFetchError("network", (error as Error).name);
  }
}
