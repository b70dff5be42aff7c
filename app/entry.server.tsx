/**
 * React Router's Node entry (the default one) with two changes: the response's Content-Security-
 * Policy nonce, made per request in server/index.ts, goes on every inline script React and the
 * router write (decision 0015); and the router's module preloads and module script are written
 * inert, for the page to start them after its first paint (decision 0019).
 */
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  ServerRouter,
} from "react-router";
import { NonceProvider } from "~/components/layout/nonce.tsx";
import { deferModuleScripts } from "~/defer-module-scripts.server.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and SPA mode wait for everything; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // A finished Suspense boundary goes out in place, not moved to the end of the page and shown
        // up to 300 ms later by a script (React's default past the first 12.8 kB): a product drawer
        // link's drawer is then painted with the page (decision 0019).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(deferModuleScripts()).pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject and are logged by React Router; these come later.
          if (shellRendered) loadContext.log.error({ err: error }, "error while streaming a page");
        },
      },
    );
  });
}

/**
 * A loader or action that threw: logged once through the request's logger (with its request id),
 * not printed by React Router's default to the console. A request the client gave up on, and a 4xx
 * the router answers itself, are not errors.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // The client's mistake (a POST where no action is, an unknown URL): a 4xx answer, not our error.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const log = (context as Partial<AppLoadContext> | undefined)?.log;
  if (log) log.error({ err: error, url: new URL(request.url).pathname }, "route failed");
  else console.error(error);
};
