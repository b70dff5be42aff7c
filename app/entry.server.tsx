/**
 * React Router's Node entry (the default one) with three changes: the response's Content-Security-
 * Policy nonce, made per request in server/index.ts, goes on every inline script React and the
 * router write (decision 0015); the page is sent whole once rendered, not streamed (decision
 * 0042); and the router's module preloads are left out and its module script written inert, for
 * the page to start it after its first paint (decisions 0019, 0021).
 */
import { Writable } from "node:stream";
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
// Both languages' messages, for pages rendered here (decision 0054).
import "~/i18n/messages.server.ts";

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
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    // Loaders have finished before React renders, so nothing is left to stream: the page is
    // rendered whole and sent in one write (decision 0042).
    const chunks: Buffer[] = [];
    const page = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        timeoutId = undefined;
        responseHeaders.set("Content-Type", "text/html");
        resolve(
          // Buffer.concat gives a Buffer of its own (never a shared pool's), an ArrayBuffer's view.
          new Response(deferModuleScripts(Buffer.concat(chunks)) as Uint8Array<ArrayBuffer>, {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        callback();
      },
    });

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
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(page);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject and are logged by React Router; these come later (a
          // Suspense boundary that failed): the page still goes out, as a 500.
          if (shellRendered) loadContext.log.error({ err: error }, "error while rendering a page");
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
