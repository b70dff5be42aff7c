import pino from "pino";
import { afterAll, beforeAll, inject } from "vitest";
import { connect, type Database, type Db } from "../../app/db/client.server.ts";
import { parseEnv } from "../../app/env.server.ts";
import { createServices, type Services } from "../../app/services/context.server.ts";
import { databaseUrl, quoteIdent, randomSuffix, withClient } from "./postgres.ts";

export interface TestDatabase {
  db: Db;
  pool: Database["pool"];
  url: string;
  /** The same services the server hands to loaders, on this file's database, logging nothing. */
  services: Services;
}

/**
 * Gives the calling test file its own database, cloned from the migrated template made by
 * tests/setup/integration.global.ts, and drops it when the file is done. Call it at the top level
 * of the file; read the fields inside tests or hooks. (Not named `use…`: that prefix means a React hook.)
 */
export function setupTestDatabase(): TestDatabase {
  let current: (TestDatabase & { close(): Promise<void> }) | undefined;
  const adminUrl = inject("postgresAdminUrl");
  const template = inject("templateDatabase");
  const name = `${template}_${randomSuffix()}`;

  beforeAll(async () => {
    await withClient(adminUrl, (client) =>
      client.query(`create database ${quoteIdent(name)} template ${quoteIdent(template)}`),
    );
    const database = connect(
      databaseUrl(adminUrl, name),
      undefined,
      5,
      undefined,
      // Tests send hundreds of checkouts at once through 5 connections to prove what is sold and
      // spent; on a busy machine the queue for a connection outlasts the shop's 10 s limit, which
      // is a property of the machine, not of what these tests check.
      120_000,
    );
    const log = pino({ level: "silent" });
    current = {
      db: database.db,
      pool: database.pool,
      url: database.url,
      services: createServices({ db: database.db, log, env: parseEnv({}) }),
      close: database.close,
    };
  });

  afterAll(async () => {
    await current?.close();
    current = undefined;
    await withClient(adminUrl, (client) =>
      client.query(`drop database if exists ${quoteIdent(name)} with (force)`),
    );
  });

  function ready(): TestDatabase {
    if (!current) throw new Error("setupTestDatabase(): the database exists only inside tests and hooks");
    return current;
  }
  return {
    get db() {
      return ready().db;
    },
    get pool() {
      return ready().pool;
    },
    get url() {
      return ready().url;
    },
    get services() {
      return ready().services;
    },
  };
}
