import { isIPv6 } from "node:net";
import type express from "express";
import { t } from "../app/i18n/index.ts";

/**
 * Issue 26 item 7: a URL whose path or query carries a NUL byte (`%00`) is answered 400 here, before
 * any loader reads it: PostgreSQL refuses NUL in text, so such a value would otherwise reach a query
 * and fail with a 500. No page of the shop has a use for one. (Form bodies are checked where every
 * form is read, app/web/request-body.server.ts.)
 */
export function refuseNulInUrl(req: express.Request, res: express.Response, next: express.NextFunction) {
  if (!req.originalUrl.includes("%00")) return next();
  badRequest(res);
}

/** A host name (letters, digits, `-`, `_`, dots) or an IPv6 literal in brackets, and an optional port. */
const HOST = /^(?:([A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,252}))|\[([0-9A-Fa-f:.]{2,45})\])(?::(\d{1,5}))?$/;

/** Whether `value` is a Host header a client could honestly send: `name[:port]` or `[v6][:port]`, port 1–65535. */
export function isValidHost(value: string | undefined): boolean {
  if (!value) return false;
  const match = HOST.exec(value);
  if (!match) return false;
  const [, , v6, port] = match;
  if (v6 !== undefined && !isIPv6(v6)) return false;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return false;
  // What the URL parser refuses though the characters are right: a name that ends like an IPv4
  // address but is none (`1.2.3.4.5`, `999.1.1.1`, `4294967296`).
  return URL.canParse(`http://${value}/`);
}

/**
 * Issue 44 item 6: React Router's request adapter builds the request's URL from the Host header
 * (and, behind a trusted proxy, X-Forwarded-Host and -Proto); a missing, empty or malformed one
 * (`a b`, `[::1`, `x:99999`) made it throw `TypeError: Invalid URL`, a 500. Such a request is the
 * client's mistake: 400 here, before anything reads the host. HTTP/1.1 requires a Host; an
 * HTTP/1.0 request without one is refused too (a health check must name the host it asks).
 */
export function refuseBadHost(req: express.Request, res: express.Response, next: express.NextFunction) {
  if (!isValidHost(req.headers.host)) return badRequest(res);
  // The same adapter appends the request target to the host: an absolute-form target
  // (`GET http://other/path`, which only proxies are sent) or `*` made that URL invalid too.
  if (!req.url.startsWith("/")) return badRequest(res);
  if (req.app.enabled("trust proxy")) {
    // Only read when the proxy is trusted, and then by the adapter whoever sent it: each entry must hold.
    const forwardedHost = req.get("x-forwarded-host");
    if (
      forwardedHost !== undefined &&
      !forwardedHost.split(",").every((entry) => isValidHost(entry.trim()))
    ) {
      return badRequest(res);
    }
    if (!/^https?$/i.test(req.protocol)) return badRequest(res);
  }
  next();
}

function badRequest(res: express.Response) {
  res.status(400).type("text/plain; charset=utf-8").send(t("error.badRequest"));
}
