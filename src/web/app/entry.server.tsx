import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";

/**
 * Renders the prerendered pages (there is no server rendering at run time: ssr is false). Unlike
 * React Router's default, which streams from the shell for browsers, this always waits for the
 * whole page (`onAllReady`), as React recommends for static generation: every boundary is then
 * written in place, instead of as hidden markup that inline scripts move into place after
 * parsing, which restyled the page after its first paint. Boundaries of any size are written in
 * place too (`progressiveChunkSize`).
 */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === "HEAD")
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    let allReady = false;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      // React writes a Suspense boundary over this size apart, moved into place by an inline script
      // after parsing; the pages' boundaries (components/hydration-boundary) must stay in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        allReady = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeout);
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
      },
      onShellError: reject,
      onError(error: unknown) {
        status = 500;
        // Errors before the page is ready reject (and the build reports them); later ones are logged.
        if (allReady) console.error(error);
      },
    });
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
