import http from "node:http";
import type express from "express";
import type { Env } from "../app/env.server.ts";
import { t } from "../app/i18n/index.ts";

/**
 * Issue 44 item 7: a connection cannot be held for free. Node's HTTP server itself ends a
 * connection whose request line and headers have not all arrived `HEADERS_TIMEOUT_MS` after it
 * opened (or after its last request), and any request not wholly received after `requestTimeout`
 * (the headers' time and the longest body's: a backstop), answering 408. It checks its connections
 * every `connectionsCheckingInterval` (Node's default is 30 s, which let half a header live 90 s).
 * `limitBodyTime` below gives each body its own, shorter, limit.
 */
export function createHttpServer(env: Env, app: express.Express): http.Server {
  const server = http.createServer(
    {
      headersTimeout: env.HEADERS_TIMEOUT_MS,
      requestTimeout: env.HEADERS_TIMEOUT_MS + Math.max(env.BODY_TIMEOUT_MS, env.UPLOAD_TIMEOUT_MS),
      connectionsCheckingInterval: checkingIntervalMs(env),
    },
    app,
  );
  // An idle kept-alive connection is closed after this long without a next request.
  server.keepAliveTimeout = 5_000;
  return server;
}

/** A tenth of the headers' limit, between 10 ms and 1 s: a slow client is cut within 10 % of its limit. */
function checkingIntervalMs(env: Pick<Env, "HEADERS_TIMEOUT_MS">): number {
  return Math.min(1_000, Math.max(10, Math.round(env.HEADERS_TIMEOUT_MS / 10)));
}

/**
 * Each request's body must have arrived whole `BODY_TIMEOUT_MS` after its headers (forms, page
 * views, webhooks: at most 1 MB), `UPLOAD_TIMEOUT_MS` for an upload (`isUpload`), whether or not
 * anything reads it: a body still coming after the answer (an endless chunked upload refused for
 * want of a sign-in) is cut too. Past the limit the client gets 408 if nothing was answered yet,
 * and the connection is closed.
 */
export function limitBodyTime(env: Env, isUpload: (req: express.Request) => boolean) {
  return (req: express.Request, res: express.Response, next: express.NextFunction) => {
    const hasBody = Number(req.get("content-length") ?? 0) > 0 || req.get("transfer-encoding") !== undefined;
    if (!hasBody || req.complete) return next();
    const ms = isUpload(req) ? env.UPLOAD_TIMEOUT_MS : env.BODY_TIMEOUT_MS;
    const timer = setTimeout(() => {
      if (req.complete || req.socket.destroyed) return;
      res.locals.slowClient = true;
      res.locals.log?.warn({ limitMs: ms }, "request body not received in time: connection closed");
      if (res.headersSent) {
        req.socket.destroy();
        return;
      }
      res.setHeader("connection", "close");
      res
        .status(408)
        .type("text/plain; charset=utf-8")
        .end(t("error.requestTimeout"), () => req.socket.destroy());
    }, ms);
    timer.unref();
    req.once("close", () => clearTimeout(timer));
    next();
  };
}
