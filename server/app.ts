import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { rateLimit } from "express-rate-limit";
import helmet from "helmet";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import { referralCookie } from "../app/auth/referral.server.ts";
import type { Database } from "../app/db/client.server.ts";
import { clientKey } from "../app/domain/shared/client-key.ts";
import { pageViewSchema } from "../app/domain/site/page-view.schema.ts";
import type { Env } from "../app/env.server.ts";
import { t } from "../app/i18n/index.ts";
import type { Services } from "../app/services/context.server.ts";
import { checkJsonBody } from "../app/web/request-body.server.ts";
import { createPageCache } from "./page-cache.ts";
import { refuseBadHost, refuseNulInUrl } from "./request-guards.ts";
import { limitBodyTime } from "./slow-clients.ts";

export interface AppParts {
  services: Services;
  database: Database;
  env: Env;
  log: Logger;
  /** The React Router server build, or (development) a function that loads Vite's current one. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Production: the build's client folder, served as static files. Development: Vite's middleware. */
  assets: { clientDir: string } | { middleware: express.RequestHandler };
  /** True once the shop is stopping: /readyz answers 503 so a balancer sends no more. */
  isStopping(): boolean;
}

/**
 * The shop's HTTP application: Express middleware (request ids, security headers, limits), health
 * checks, static files and React Router, with the services reaching routes through the load context.
 * It neither listens nor starts jobs (server/shop.ts does), so tests can serve it in their own process.
 */
export function createApp(parts: AppParts): express.Express {
  const { services, database, env, log } = parts;
  const dev = env.NODE_ENV === "development";
  const app = express();
  app.disable("x-powered-by");
  // Who may say who the client is (X-Forwarded-For/-Proto/-Host): only the proxies TRUST_PROXY names,
  // nobody by default. Per-address limits count req.ip, so a forged header must not move it.
  app.set("trust proxy", env.TRUST_PROXY);

  app.use((req, res, next) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.locals.log = log.child({ requestId });
    res.setHeader("x-request-id", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      res.locals.log.info(
        { method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms) },
        "request",
      );
    });
    next();
  });

  // Issue 44 item 6: a missing or malformed Host is a 400 before anything builds a URL from it.
  app.use(refuseBadHost);
  // Issue 44 item 7: a body must arrive within its time (server/slow-clients.ts).
  app.use(limitBodyTime(env, isUpload));
  app.use(securityHeaders(env));
  app.use(compression());
  app.use(refuseCrossSiteWrites);
  app.use(limitBodySize);
  app.use(refuseNulInUrl);

  // Liveness: the process answers and reaches PostgreSQL.
  app.get("/healthz", async (_req, res) => {
    try {
      await database.pool.query("select 1");
      res.json({ ok: true });
    } catch {
      res.status(503).json({ ok: false });
    }
  });

  // Readiness: a load balancer sends traffic only while this is 200 (503 once shutting down).
  app.get("/readyz", async (_req, res) => {
    if (parts.isStopping()) {
      res.status(503).json({ ready: false, reason: "stopping" });
      return;
    }
    try {
      await database.pool.query("select 1 from drizzle.__drizzle_migrations limit 1");
      res.json({ ready: true });
    } catch {
      res.status(503).json({ ready: false, reason: "database" });
    }
  });

  // Decision 0020: pages for visitors without cookies are kept a second; a write here empties them.
  const pageCache = createPageCache({ ttlMs: dev ? 0 : env.PAGE_CACHE_MS });
  app.use(pageCache.forgetOnWrite);
  app.use(forgetShopWideOnBackOfficeWrite(services));
  app.use(rateLimitWrites(services, env));

  if (env.GATHER_TEST_HOOKS) {
    // Lets the shutdown test hold requests open; only with GATHER_TEST_HOOKS=1.
    app.get("/__test/slow", async (req, res) => {
      const ms = Math.min(Number(req.query.ms) || 1000, 20_000);
      // The connection's slow-query threshold too (decision 0035: PostgreSQL logs slow statements).
      const { rows } = await database.pool.query<{ slow_log: string }>(
        "select pg_sleep($1), current_setting('log_min_duration_statement') as slow_log",
        [ms / 1000],
      );
      res.json({ ok: true, ms, slowQueryLog: rows[0]?.slow_log });
    });
    // A failing request: the error page must show neither the stack nor the SQL.
    app.get("/__test/fail", async () => {
      await database.pool.query("select * from a_table_that_does_not_exist");
    });
  }

  // SPEC §4: every page posts a page view after each route change (PageViewTracker, with
  // `sendBeacon`), more often than it asks for anything else. Answered here, past the checks above
  // but without React Router, whose matching of the route table alone cost more than the write;
  // the service writes the views of 50 ms in one insert (decision 0044).
  app.post(
    PAGE_VIEW_PATH,
    pageViewLimit(env),
    express.raw({ type: () => true, limit: PAGE_VIEW_MAX_BYTES, inflate: false }),
    async (req, res, next) => {
      // Issue 44 item 5: the forms' guard (size, field names, NUL, schema), on the raw JSON.
      const view = checkJsonBody(
        Buffer.isBuffer(req.body) ? req.body : new Uint8Array(),
        req.get("content-type") ?? "",
        {
          schema: pageViewSchema,
          maxBytes: PAGE_VIEW_MAX_BYTES,
        },
      );
      if (view.status === "refused") {
        res.status(view.httpStatus).end();
        return;
      }
      try {
        await services.site.analytics.recordPageView(view.data);
        res.status(204).end();
      } catch (error) {
        next(error);
      }
    },
  );

  app.use(
    "/uploads",
    express.static(path.resolve(env.DATA_DIR, "uploads"), {
      maxAge: "30d",
      immutable: true,
      // Campaign emails show these images from other sites (webmail).
      setHeaders: (res) => res.setHeader("cross-origin-resource-policy", "cross-origin"),
    }),
  );

  if ("middleware" in parts.assets) {
    app.use(parts.assets.middleware);
  } else {
    const { clientDir } = parts.assets;
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }));
    // Only a path naming a file (an extension, not a route's `.data`) is looked for in the build's
    // folder: served from the root for every request, it would look on disk for each page first.
    const serveBuildFile = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (/\.(?!data$)\w+$/.test(req.path) ? serveBuildFile(req, res, next) : next()));
  }

  // A shared shop link with a member's `?ref=` remembers the referrer for registration (issue 31 item 3).
  app.use((req, res, next) => {
    if (req.method === "GET" && !/^\/(payment|admin|api|og)(\/|$)/.test(req.path)) {
      const cookie = referralCookie(req.query.ref, req.secure);
      if (cookie) res.append("set-cookie", cookie);
    }
    next();
  });
  app.use(pageCache.serve);
  app.all(
    "/{*path}",
    createRequestHandler({
      build: parts.build,
      mode: dev ? "development" : "production",
      getLoadContext: (req, res) => ({
        services,
        requestId: res.locals.requestId,
        log: res.locals.log,
        shopMode: env.SHOP_MODE,
        // The address the limits count: IPv6 per /64 (app/domain/shared/client-key.ts).
        clientIp: clientKey(req.ip),
        cspNonce: res.locals.cspNonce,
        dataRequest: req.path.endsWith(".data"),
      }),
    }),
  );

  app.use(plainErrors);
  return app;
}

/**
 * Anything thrown outside React Router: a plain zh-HK message and the request id, never a stack or
 * SQL. A client's mistake found by Express itself (a malformed URL: 400) keeps its 4xx status.
 */
function plainErrors(
  error: unknown,
  _req: express.Request,
  res: express.Response,
  _next: express.NextFunction,
) {
  const given =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown } | null)?.statusCode;
  const status = typeof given === "number" && given >= 400 && given < 500 ? given : 500;
  // A request cut for a slow body (server/slow-clients.ts) was logged there; its reader's failure is no error of ours.
  if (status === 500 && !res.locals.slowClient) res.locals.log?.error({ err: error }, "request failed");
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = status === 500 ? t("error.server.body") : t("error.badRequest");
  res
    .status(status)
    .type("text/plain; charset=utf-8")
    .send(`${text}\n${t("error.requestId", { id: res.locals.requestId })}`);
}

/**
 * Decision 0015: a nonce-based Content-Security-Policy on every response (the nonce reaches React
 * Router's inline scripts through the load context), HSTS in production, nosniff and a strict
 * referrer policy. Development keeps Vite's inline scripts working without a policy.
 * HSTS goes only on a response to an HTTPS request (req.secure: TLS here, or X-Forwarded-Proto from
 * a proxy TRUST_PROXY names): browsers ignore it over HTTP, and a shop tried on plain HTTP (demo,
 * an IP address) must not pin its host name to HTTPS for a year.
 */
function securityHeaders(env: Env) {
  const dev = env.NODE_ENV === "development";
  const imageSources = ["'self'", "data:", "blob:"];
  if (env.S3_PUBLIC_URL) imageSources.push(new URL(env.S3_PUBLIC_URL).origin);
  const headers = helmet({
    contentSecurityPolicy: dev
      ? false
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: [
              (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
              "'strict-dynamic'",
              "'self'",
            ],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: imageSources,
            fontSrc: ["'self'", "data:"],
            connectSrc: ["'self'"],
            // The sign-in challenge's solver runs in a worker file of the shop's own (decision 0046).
            workerSrc: ["'self'"],
            formAction: ["'self'", "https://checkout.stripe.com"],
            objectSrc: ["'none'"],
            baseUri: ["'none'"],
            frameAncestors: ["'none'"],
          },
        },
    strictTransportSecurity: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginResourcePolicy: { policy: "same-site" },
    crossOriginEmbedderPolicy: false,
  });
  const hsts = env.NODE_ENV === "production" ? "max-age=31536000; includeSubDomains" : undefined;
  return (req: express.Request, res: express.Response, next: express.NextFunction) => {
    res.locals.cspNonce = dev ? undefined : randomBytes(16).toString("base64");
    if (hsts && req.secure) res.setHeader("strict-transport-security", hsts);
    headers(req, res, next);
  };
}

/** Uploads may be large; any other body over 1 MB is refused before it is read (413, by its length). */
const BODY_LIMIT_BYTES = 1024 * 1024;
const UPLOAD_BODY_LIMIT_BYTES = 25 * 1024 * 1024;

function isUpload(req: express.Request): boolean {
  return req.path.startsWith("/admin/") && (req.get("content-type") ?? "").startsWith("multipart/form-data");
}

function isRead(req: express.Request): boolean {
  return req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS";
}

function limitBodySize(req: express.Request, res: express.Response, next: express.NextFunction) {
  if (isRead(req)) return next();
  const limit = isUpload(req) ? UPLOAD_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES;
  const length = Number(req.get("content-length") ?? Number.NaN);
  if (Number.isFinite(length) && length > limit) {
    res.setHeader("connection", "close");
    res
      .status(413)
      .type("text/plain; charset=utf-8")
      .send(t("error.tooLarge", { megabytes: limit / 1024 ** 2 }));
    return;
  }
  // A body must say its length (browsers and payment providers always do), so the check above holds.
  // Uploads may stream without one: their routes count the bytes and stop at their own limits.
  if (!Number.isFinite(length) && req.get("transfer-encoding") && !isUpload(req)) {
    res.setHeader("connection", "close");
    res.status(411).type("text/plain; charset=utf-8").send(t("error.lengthRequired"));
    return;
  }
  next();
}

/**
 * Decision 0045: the settings, banners, menus and open cycle the services keep a second change only
 * in the back office, so each write there (whatever its outcome) makes them read again once it is
 * answered: the operator's next page shows the change. Shoppers' writes leave them kept.
 */
function forgetShopWideOnBackOfficeWrite(services: Services) {
  return (req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (!isRead(req) && /^\/admin(\/|\.data$|$)/.test(req.path)) {
      // "close" comes once the answer is sent, or the request was cut short.
      res.on("close", () => services.shopWide.forget());
    }
    next();
  };
}

/** Posts (forms, checkout, uploads) per client address per minute, counted in PostgreSQL. */
function rateLimitWrites(services: Services, env: Env) {
  return async (req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (isRead(req)) return next();
    // Payment providers' webhooks are signed and retried by them; they are not limited here.
    if (req.path.startsWith("/payment/webhook/")) return next();
    // Page views have a limit of their own, kept in memory (`pageViewLimit`).
    if (req.path === PAGE_VIEW_PATH) return next();
    const rule = isUpload(req)
      ? { bucket: "upload", limit: env.RATE_LIMIT_UPLOADS_PER_MINUTE, windowMs: 60_000 }
      : { bucket: "form", limit: env.RATE_LIMIT_FORMS_PER_MINUTE, windowMs: 60_000 };
    try {
      const decision = await services.rateLimits.hit(rule, clientKey(req.ip));
      if (decision.allowed) return next();
      res.setHeader("retry-after", String(decision.retryAfterSeconds));
      res
        .status(429)
        .type("text/plain; charset=utf-8")
        .send(t("error.rateLimited", { seconds: decision.retryAfterSeconds }));
    } catch (error) {
      next(error);
    }
  };
}

const PAGE_VIEW_PATH = "/api/page-view";
/** A page view is a path, a visitor id and a referrer: well under a kilobyte. */
const PAGE_VIEW_MAX_BYTES = 16 * 1024;

/**
 * The page views' limit, RATE_LIMIT_PAGE_VIEWS_PER_MINUTE an address (an IPv6 /64, as the form
 * limit counts), kept in this process's memory by express-rate-limit: the form limit's row in
 * PostgreSQL, written for every beacon, cost the cut-off rush more than the views themselves
 * (issue 30 item 1). Behind a balancer each instance counts its own.
 */
function pageViewLimit(env: Env) {
  return rateLimit({
    windowMs: 60_000,
    limit: env.RATE_LIMIT_PAGE_VIEWS_PER_MINUTE,
    ipv6Subnet: 64,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    message: t("error.rateLimited", { seconds: 60 }),
  });
}

/** DESIGN §4.14: a non-GET request from another site (foreign Origin or Sec-Fetch-Site) gets 403. */
function refuseCrossSiteWrites(req: express.Request, res: express.Response, next: express.NextFunction) {
  if (isRead(req)) return next();
  const origin = req.get("origin");
  const crossSite = req.get("sec-fetch-site") === "cross-site";
  let foreign = false;
  if (origin && origin !== "null") {
    try {
      foreign = new URL(origin).host !== req.get("host");
    } catch {
      foreign = true;
    }
  } else if (origin === "null") {
    foreign = true;
  }
  if (crossSite || foreign) {
    res.status(403).type("text/plain; charset=utf-8").send(t("error.crossSite"));
    return;
  }
  next();
}
