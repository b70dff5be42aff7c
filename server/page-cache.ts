import type express from "express";

/**
 * Decision 0020: a page rendered for a visitor without cookies is kept for a short while (a
 * second by default) and sent again to the next visitors without cookies who ask for the same
 * address, each with its own CSP nonce and request id. Everyone with a cookie (members, carts,
 * flash messages) is rendered as always, and so is everything that is not a plain 200 page or
 * route data: redirects, errors, maintenance (503), responses that set a cookie.
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
  headers: [string, string | number | string[]][];
  /** The body cut at every place the nonce stood, to be joined again with the new one. */
  parts: Buffer[];
}

/** Paths whose answers change without a write through this instance, or belong to one person. */
const NEVER_CACHED = /^\/(admin|account|api|dev|payment|checkout|cart|login|register|logout|__test)(\/|$|\.)/;

/** Set again for every response (request id, CSP nonce, length and encoding after compression). */
const PER_RESPONSE_HEADERS = new Set([
  "x-request-id",
  "content-security-policy",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "vary",
  "date",
  "connection",
  "keep-alive",
  "x-page-cache",
]);

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
export function createPageCache({ ttlMs }: { ttlMs: number }) {
  const entries = new Map<string, Entry>();

  function keyOf(req: express.Request): string | undefined {
    if (ttlMs <= 0 || req.method !== "GET") return undefined;
    if (req.headers.cookie || req.headers.authorization) return undefined;
    if (NEVER_CACHED.test(req.path)) return undefined;
    // Everything React Router builds the page's own address from (canonical links, shared links):
    // the Host header, and from a trusted proxy the forwarded host and scheme.
    const host = `${req.hostname} ${req.get("host") ?? ""} ${req.get("x-forwarded-host") ?? ""}`;
    return `${req.protocol} ${host} ${req.originalUrl}`;
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

  /** Sends a kept page with this response's nonce, or records the page this request renders. */
  function serve(req: express.Request, res: express.Response, next: express.NextFunction) {
    const key = keyOf(req);
    if (!key) return next();
    const nonce: string | undefined = res.locals.cspNonce;
    const hit = usable(key);
    if (hit) {
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader("x-page-cache", "hit");
      res.status(hit.status).end(joinParts(hit.parts, nonce ?? ""));
      return;
    }
    res.setHeader("x-page-cache", "miss");
    record(res, (body) => {
      const old = entries.get(key);
      if (old) old.refreshing = false;
      if (body === undefined || res.statusCode !== 200 || res.getHeader("set-cookie") !== undefined) return;
      if (!CACHEABLE_TYPE.test(String(res.getHeader("content-type") ?? ""))) return;
      if (body.length > MAX_BYTES) return;
      const parts = nonce ? splitParts(body, nonce) : [body];
      // A page whose scripts would not carry the nonce cannot be given a new one: not kept.
      if (nonce && parts.length === 1 && body.includes("<script")) return;
      const headers = Object.entries(res.getHeaders())
        .filter(([name, value]) => value !== undefined && !PER_RESPONSE_HEADERS.has(name))
        .map(([name, value]) => [name, value] as Entry["headers"][number]);
      store(key, { storedAt: Date.now(), refreshing: false, status: res.statusCode, headers, parts });
    });
    next();
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

/**
 * Collects what the rest of the chain writes (before compression, which is outside) and hands
 * the whole body over once the response has been sent in full (undefined if it was cut short).
 */
function record(res: express.Response, done: (body: Buffer | undefined) => void) {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => express.Response;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(
      Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk as Uint8Array),
    );
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return end(chunk, ...rest);
  }) as typeof res.end;
  let finished = false;
  res.on("finish", () => {
    finished = true;
    done(Buffer.concat(chunks));
  });
  res.on("close", () => {
    if (!finished) done(undefined);
  });
}

function splitParts(body: Buffer, nonce: string): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(nonce); at !== -1; at = body.indexOf(nonce, from)) {
    parts.push(body.subarray(from, at));
    from = at + nonce.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

function joinParts(parts: Buffer[], nonce: string): Buffer {
  if (parts.length === 1) return parts[0]!;
  const glue = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  for (const [i, part] of parts.entries()) {
    if (i > 0) pieces.push(glue);
    pieces.push(part);
  }
  return Buffer.concat(pieces);
}
