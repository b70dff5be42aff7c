import fs from "node:fs";
import path from "node:path";
import type { Env } from "../../env.server.ts";
import { connect, type Database, migrateDatabase, startEmbeddedPostgres } from "../client.server.ts";

export interface ScriptDatabase extends Database {
  /** Where the database came from, for the script's first line of output. */
  source: string;
}

/**
 * The database a one-off script (`npm run seed:demo`, `npm run settings`) works on, chosen as the
 * server chooses it: DATABASE_URL if set, else the embedded PostgreSQL under DATA_DIR. When the
 * server is already running on that data directory, its PostgreSQL is used as it is (a second
 * postmaster cannot open the same directory); otherwise the script starts and stops its own.
 * Migrations are applied either way.
 */
export async function openScriptDatabase(env: Env): Promise<ScriptDatabase> {
  if (env.DATABASE_URL) {
    return withMigrations(connect(env.DATABASE_URL, undefined, 2), "DATABASE_URL");
  }
  const runningPort = runningEmbeddedPort(env.DATA_DIR);
  if (runningPort !== undefined) {
    // startEmbeddedPostgres creates the `postgres` superuser with this password and a `gather` database.
    const url = `postgres://postgres:gather@127.0.0.1:${runningPort}/gather`;
    return withMigrations(connect(url, undefined, 2), `running embedded PostgreSQL on port ${runningPort}`);
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: env.DATA_DIR,
    port: env.EMBEDDED_PG_PORT,
    database: "gather",
  });
  const database = connect(embedded.url, undefined, 2);
  return withMigrations(
    {
      ...database,
      async close() {
        await database.close();
        await embedded.stop();
      },
    },
    `embedded PostgreSQL in ${path.resolve(env.DATA_DIR, "postgres")}`,
  );
}

async function withMigrations(database: Database, source: string): Promise<ScriptDatabase> {
  try {
    await migrateDatabase(database.pool);
  } catch (error) {
    await database.close();
    throw error;
  }
  return { ...database, source };
}

/** The port of a live postmaster on this data directory, read from its postmaster.pid. */
function runningEmbeddedPort(dataDir: string): number | undefined {
  const pidFile = path.resolve(dataDir, "postgres", "postmaster.pid");
  if (!fs.existsSync(pidFile)) return undefined;
  const [pidLine, , , portLine] = fs.readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!(pid > 0 && port > 0)) return undefined;
  try {
    process.kill(pid, 0);
    return port;
  } catch {
    return undefined;
  }
}
