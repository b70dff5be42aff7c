import { createHash } from "node:crypto";
import type express from "express";
import { isbot } from "isbot";

/**
 * Decision 0020 (kept by 0035): a page rendered for a visitor without cookies is kept for a short
 * while (a second by default) and sent again to the next visitors without cookies who ask for the
 * same address, each with its own request id. Everyone with a cookie (members, carts, flash
 * messages) is rendered as always, and so is everything that is not a plain 200 page or route
 * data: redirects, errors, maintenance (503), responses that set a cookie.
 *
 * Decision 0035: such a page is rendered through React Router's public fetch handler with no CSP
 * nonce at all, so no visitor's nonce is ever kept or sent to another. Its inline scripts are
 * allowed by their SHA-256 hashes instead (CSP Level 2), worked out once when the page is kept and
 * sent with every copy of it.
 *
 * A write on this instance that can change what everyone sees (the back office, checkout,
 * payments: any request that is not GET/HEAD/OPTIONS, did not fail and is not one of a person's
 * own writes below) empties the cache, so it is seen at once; a write on another instance, a job
 * or a script is seen once the entry is older than `ttlMs`.
 */

interface Entry {
  storedAt: number;
  /** A request is rendering this address again; until it is done the others get this copy. */
  refreshing: boolean;
  status: number;
  headers: [string, string | string[]][];
  body: Buffer;
  /** The script-src sources that allow the page's inline scripts (undefined: not a page). */
  scriptSources: string | undefined;
}

/** Renders the request's page (React Router's fetch handler, without a CSP nonce). */
export type RenderPage = (req: express.Request, res: express.Response) => Promise<Response>;

/** Paths whose answers change without a write through this instance, or belong to one person. */
const NEVER_CACHED = /^\/(admin|account|api|dev|payment|checkout|cart|login|register|logout|__test)(\/|$|\.)/;

/** Writes that change only what one person sees (a visit counted, a sign-in, a cart, a message). */
const PERSONAL_WRITES =
  /^\/(api\/page-view|login|register|logout|cart|contact|cooperation|survey|unsubscribe)(\.data)?\/?$/;

const CACHEABLE_TYPE = /^text\/(html|x-script)\b/;
const QUIET_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** How long past its age an entry may still be sent while it is being rendered again. */
const REFRESH_GRACE_MS = 5_000;
/** At most this many addresses are kept (the oldest goes first), none larger than MAX_BYTES. */
const MAX_ENTRIES = 200;
const MAX_BYTES = 1024 * 1024;

/** `ttlMs`: how long an entry is served; 0 turns the cache off. */
export function createPageCache({ ttlMs, render }: { ttlMs: number; render: RenderPage }) {
  const entries = new Map<string, Entry>();

  function keyOf(req: express.Request): string | undefined {
    if (ttlMs <= 0 || req.method !== "GET") return undefined;
    if (req.headers.cookie || req.headers.authorization) return undefined;
    if (NEVER_CACHED.test(req.path)) return undefined;
    const userAgent = req.get("user-agent");
    // Crawlers are given the whole page at once (entry.server.tsx), people the streamed one.
    const reader = userAgent && isbot(userAgent) ? "bot" : "person";
    // Everything React Router builds the page's own address from (canonical links, shared links):
    // the Host header, and from a trusted proxy the forwarded host and scheme.
    const host = `${req.hostname} ${req.get("host") ?? ""} ${req.get("x-forwarded-host") ?? ""}`;
    return `${reader} ${req.protocol} ${host} ${req.originalUrl}`;
  }

  /**
   * The entry to send, if any. The first request after an entry has aged renders the page again;
   * the requests that come while it does get the old copy (a few milliseconds older), rather than
   * all rendering the same page at once.
   */
  function usable(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    const age = Date.now() - entry.storedAt;
    if (age < ttlMs || (entry.refreshing && age < ttlMs + REFRESH_GRACE_MS)) return entry;
    entry.refreshing = true;
    return undefined;
  }

  function store(key: string, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  }

  /** Sends a kept page, or renders it (without a nonce), sends it and keeps it if it may be. */
  async function serve(req: express.Request, res: express.Response, next: express.NextFunction) {
    const key = keyOf(req);
    if (!key) return next();
    const hit = usable(key);
    if (hit) return send(res, hit, "hit");
    let entry: Entry;
    try {
      const response = await render(req, res);
      const body = Buffer.from(await response.arrayBuffer());
      const type = response.headers.get("content-type") ?? "";
      entry = {
        storedAt: Date.now(),
        refreshing: false,
        status: response.status,
        headers: headersOf(response),
        body,
        scriptSources: type.startsWith("text/html") ? inlineScriptHashes(body) : undefined,
      };
      const cacheable =
        response.status === 200 &&
        !response.headers.has("set-cookie") &&
        CACHEABLE_TYPE.test(type) &&
        body.length <= MAX_BYTES;
      const old = entries.get(key);
      if (old) old.refreshing = false;
      if (cacheable) store(key, entry);
    } catch (error) {
      const old = entries.get(key);
      if (old) old.refreshing = false;
      return next(error);
    }
    if (!res.destroyed) send(res, entry, "miss");
  }

  /** Empties the cache once a write on this instance has finished without failing. */
  function forgetOnWrite(req: express.Request, res: express.Response, next: express.NextFunction) {
    if (!QUIET_METHODS.has(req.method) && !PERSONAL_WRITES.test(req.path)) {
      res.on("finish", () => {
        if (res.statusCode < 400) entries.clear();
      });
    }
    next();
  }

  return { serve, forgetOnWrite };
}

function send(res: express.Response, entry: Entry, cache: "hit" | "miss") {
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("x-page-cache", cache);
  if (entry.scriptSources !== undefined) {
    const policy = res.getHeader("content-security-policy");
    if (typeof policy === "string") {
      res.setHeader("content-security-policy", withScriptSources(policy, entry.scriptSources));
    }
  }
  res.status(entry.status).end(entry.body);
}

function headersOf(response: Response): Entry["headers"] {
  const headers: Entry["headers"] = [];
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") headers.push([name, value]);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers.push(["set-cookie", cookies]);
  return headers;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * `'self'` and the `'sha256-…'` source of every inline script in the page (each script's text as
 * the browser hashes it: the bytes between its tags). React escapes `</script` inside a script, so
 * the first closing tag ends it.
 */
export function inlineScriptHashes(html: Buffer | string): string {
  const sources = new Set<string>(["'self'"]);
  for (const [, attributes, code] of String(html).matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes ?? "")) continue;
    sources.add(
      `'sha256-${createHash("sha256")
        .update(code ?? "", "utf8")
        .digest("base64")}'`,
    );
  }
  return [...sources].join(" ");
}

/**
 * The policy with its script-src sources replaced. No `'strict-dynamic'` here: the page's module
 * preloads carry no nonce, and `'self'` (which it would switch off) is what allows them.
 */
export function withScriptSources(policy: string, sources: string): string {
  return policy
    .split(";")
    .map((directive) => (/^\s*script-src\s/i.test(directive) ? `script-src ${sources}` : directive))
    .join(";");
}
