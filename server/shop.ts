import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Express } from "express";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import {
  connect,
  type Database,
  type EmbeddedServer,
  migrateDatabase,
  slowQueryLogAllowed,
  startEmbeddedPostgres,
} from "../app/db/client.server.ts";
import { seedDemoIfEmpty } from "../app/db/seed/demo.server.ts";
import { JOB_FAILURES_BEFORE_NOTICE } from "../app/domain/messages/admin-notices.ts";
import type { Env } from "../app/env.server.ts";
import { createServices, type Providers, type Services } from "../app/services/context.server.ts";
import { startJobs } from "../app/services/shared/jobs.server.ts";
import { type AppParts, createApp } from "./app.ts";
import { createHttpServer } from "./slow-clients.ts";

/** How far start-up got: what it is doing (for the one-line failure) and what it must stop. */
export interface StartupProgress {
  stage: string;
  embedded?: EmbeddedServer;
}

export interface Shop {
  server: Server;
  /** The Express app the server answers with (tests list its endpoints). */
  app: Express;
  /** http://host:port the shop answers on (the real port when PORT was 0). */
  url: string;
  services: Services;
  database: Database;
  embedded?: EmbeddedServer;
  stopping: boolean;
  /** Stops taking connections, waits for requests in flight, then jobs, the pool and PostgreSQL. */
  stop(): Promise<void>;
}

/**
 * Starts the whole shop in this process: PostgreSQL (DATABASE_URL, or embedded), migrations, the demo
 * seed, services, the HTTP app, the background jobs, and the listening socket. server/index.ts wraps
 * it with signals and exit codes; tests call it directly to serve the shop in their own process.
 */
export async function startShop(
  env: Env,
  log: Logger,
  options: { progress?: StartupProgress; providers?: Partial<Providers> } = {},
): Promise<Shop> {
  const progress = options.progress ?? { stage: "" };
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    progress.stage = "starting the embedded PostgreSQL";
    progress.embedded = await startEmbeddedPostgres({
      dataDir: env.DATA_DIR,
      port: env.EMBEDDED_PG_PORT,
      database: "gather",
      log,
    });
    databaseUrl = progress.embedded.url;
    log.info({ port: env.EMBEDDED_PG_PORT, dataDir: env.DATA_DIR }, "embedded PostgreSQL started");
  } else {
    log.info("using PostgreSQL from DATABASE_URL");
  }

  progress.stage = "connecting to PostgreSQL and migrating the database";
  const slowQueryMs = await slowQueryLogAllowed(databaseUrl, env.SLOW_QUERY_MS, log);
  const database = connect(databaseUrl, log, 10, slowQueryMs);
  try {
    await migrateDatabase(database.pool);
    progress.stage = "preparing the shop";
    if (env.SHOP_MODE === "demo") {
      const seeded = await seedDemoIfEmpty(database.db, { dataDir: env.DATA_DIR });
      log.info(seeded ? "demo shop seeded on an empty database" : "database already has a shop");
    }
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }

  const services = createServices({ db: database.db, log, env }, options.providers, {
    shopWideReadsMs: env.SHOP_DATA_CACHE_MS,
  });
  const live = providerNames(services);
  log.info(live, "providers");
  // Issue 44 item 9: the lines name the providers actually chosen (this one said "sandbox" with Stripe set).
  if (env.SHOP_MODE === "demo") {
    log.warn(
      `SHOP_MODE=demo: SMS to ${live.sms}, email to ${live.email}, card payments through ${live.payment}, /dev/outbox is on`,
    );
  }
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    log.warn(
      "Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; with one of them, card payments go to the sandbox",
    );
  }
  if (env.SMTP_URL && !env.PUBLIC_URL) {
    log.warn("SMTP_URL is set without PUBLIC_URL: links in emails point at this server's own address");
  }

  const shop = { stopping: false } as Shop;
  const app = createApp({
    services,
    database,
    env,
    log,
    ...(await loadBuild(env)),
    isStopping: () => shop.stopping,
  });

  // DESIGN §4.6: unpaid orders give their stock, code use and dDollar back after 30 minutes.
  // DESIGN §4.8: the open cycle closes at its cut-off and is settled once its payments are in.
  const jobs = startJobs(
    [
      { name: "expire-unpaid-orders", everyMs: 60_000, run: () => services.orders.expireUnpaid() },
      {
        name: "settle-cycles",
        everyMs: 60_000,
        run: async () => {
          await services.cycles.settlement.settleDue();
          // A cycle closed at its cut-off opens the next: pages must show the new one (decision 0045).
          services.shopWide.forget();
        },
      },
      // Decision 0016: the SMS each settlement queued, a batch every 5 s.
      { name: "settlement-sms", everyMs: 5_000, run: () => services.cycles.settlement.sendNotices() },
      // Issue 47 item 4: the SMS of credits from weighing, missing lines and adjustments, the same way.
      { name: "credit-sms", everyMs: 5_000, run: () => services.dollars.notices.sendDue() },
      // Decision 0052: card refunds the provider did not take after their commit are asked again.
      { name: "card-refunds", everyMs: 60_000, run: () => services.refunds.sendCardRefunds() },
      // Issue 27: the member's SMS and email of an order placed or paid.
      { name: "order-notices", everyMs: 3_000, run: () => services.orders.notices.sendDue() },
      // Issue 44: the member hears that money which did not pay its order was kept as dDollar.
      { name: "kept-payment-notices", everyMs: 3_000, run: () => services.payments.kept.sendNotices() },
      {
        name: "prune-rate-limits",
        everyMs: 10 * 60_000,
        run: () => services.rateLimits.prune(new Date(Date.now() - 60 * 60_000)),
      },
      // Decision 0046: SMS counters two days old and solutions of expired challenges.
      {
        name: "prune-sms-budget",
        everyMs: 60 * 60_000,
        run: async () => {
          const now = new Date();
          await services.members.smsBudget.prune(now);
          await services.members.signInChallenges.prune(now);
        },
      },
      // Issue 46 item 5: the admins' emails (settled cycles, kept payments, failing jobs, claims due).
      { name: "admin-notices", everyMs: 5_000, run: () => services.messages.adminNotices.sendDue() },
      {
        name: "claims-due-notice",
        everyMs: 10 * 60_000,
        run: () => services.messages.adminNotices.queueClaimsDue(new Date()),
      },
    ],
    log,
    {
      failuresBeforeNotice: JOB_FAILURES_BEFORE_NOTICE,
      onFailing: (job, failures, error) =>
        services.messages.adminNotices.queueJobFailing(job, failures, error),
    },
  );
  // Campaign emails (issue 7, decision 0007): queued in Postgres, paced and sent by this loop.
  services.messages.campaignSender.start();

  async function stopWork() {
    await jobs.stop();
    // The email in flight is sent and recorded before the pool closes.
    await services.messages.campaignSender.stop();
    services.providers.email.close?.();
    await database.close();
  }

  progress.stage = `listening on ${env.HOST}:${env.PORT}`;
  // Issue 44 item 7: headers, request and body time limits (server/slow-clients.ts).
  const server = createHttpServer(env, app).listen(env.PORT, env.HOST);
  // A listen error (port taken, no such address) comes as an event, and fails start-up.
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("listening", resolve);
      server.once("error", reject);
    });
  } catch (error) {
    await stopWork().catch(() => {});
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const host = env.HOST === "0.0.0.0" ? "localhost" : env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST;

  return Object.assign(shop, {
    server,
    app,
    url: `http://${host}:${port}`,
    services,
    database,
    embedded: progress.embedded,
    async stop() {
      shop.stopping = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await stopWork();
      await progress.embedded?.stop();
    },
  });
}

async function loadBuild(env: Env): Promise<Pick<AppParts, "build" | "assets">> {
  if (env.NODE_ENV === "development") {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    return {
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      assets: { middleware: vite.middlewares },
    };
  }
  // GATHER_BUILD_DIR: the same folder react-router.config.ts builds into (tests and helpers use their own).
  const buildDir = path.resolve(env.GATHER_BUILD_DIR);
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  return { build, assets: { clientDir: path.join(buildDir, "client") } };
}

/** Which provider serves each outside service (DESIGN §5: start-up always says so). */
export function providerNames(services: Services) {
  return {
    sms: services.providers.sms.name,
    email: services.providers.email.name,
    payment: services.providers.card.name,
    storage: services.providers.storage.name,
  };
}
