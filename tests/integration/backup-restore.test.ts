import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pino from "pino";
import { afterAll, describe, expect, inject, it } from "vitest";
import { connect, migrateDatabase } from "../../app/db/client.server.ts";
import { parseEnv } from "../../app/env.server.ts";
import { createServices } from "../../app/services/context.server.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import { databaseUrl, quoteIdent, randomSuffix, withClient } from "../helpers/postgres.ts";
import { projectRoot } from "../helpers/server.ts";
import { createMember } from "./admin-fixtures.ts";
import { createProduct } from "./catalogue-fixtures.ts";
import { closedCycle, paidOrder } from "./settlement-fixtures.ts";

/**
 * Issue 8: `npm run db:backup` and `npm run db:restore` (scripts/db-*.sh, pg_dump's custom format)
 * move every order and ledger record into a fresh database. pg_dump refuses a server newer than
 * itself, so the test uses the server under test when the client tools on PATH can dump it, and
 * otherwise the machine's own PostgreSQL at 127.0.0.1:5432 (the embedded server is newer than
 * Debian's client tools; docs/deployment.md says which tools to use with which server).
 */

const run = promisify(execFile);
const dumpFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "gather-backup-")), "shop.dump");
const created: Array<{ admin: string; name: string }> = [];

async function serverMajor(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ v: string }>("show server_version_num");
    return Math.floor(Number(rows[0]!.v) / 10_000);
  });
}

async function adminUrl(): Promise<string> {
  const { stdout } = await run("pg_dump", ["--version"]);
  const clientMajor = Number(/(\d+)\.\d+/.exec(stdout)?.[1]);
  const underTest = inject("postgresAdminUrl");
  if ((await serverMajor(underTest)) <= clientMajor) return underTest;
  return "postgres://postgres@127.0.0.1:5432/postgres";
}

async function newDatabase(admin: string): Promise<string> {
  const name = `gather_backup_${randomSuffix()}`;
  await withClient(admin, (client) => client.query(`create database ${quoteIdent(name)}`));
  created.push({ admin, name });
  return databaseUrl(admin, name);
}

afterAll(async () => {
  for (const { admin, name } of created) {
    await withClient(admin, (client) =>
      client.query(`drop database if exists ${quoteIdent(name)} with (force)`),
    );
  }
  fs.rmSync(path.dirname(dumpFile), { recursive: true, force: true });
});

type Snapshot = Record<string, unknown>;

/** What must survive: every order, line and ledger record, and every balance. */
async function snapshot(url: string): Promise<Snapshot> {
  return withClient(url, async (client) => {
    const one = async (sql: string) => (await client.query(sql)).rows;
    return {
      orders: await one(
        "select id, number, member_id, status, payable_cents, pickup_code from orders order by id",
      ),
      lines: await one(
        "select id, order_id, product_id, quantity, amount_cents, status from order_lines order by id",
      ),
      ledger: await one(
        "select id, member_id, amount_cents, reason, order_id, order_line_id, idempotency_key from dollar_ledger order by id",
      ),
      balances: await one("select id, d_dollar_cents from members order by id"),
    };
  });
}

describe("backup and restore", () => {
  it("restores a dump into a fresh database with every order and ledger record", {
    timeout: 120_000,
  }, async () => {
    const admin = await adminUrl();
    const sourceUrl = await newDatabase(admin);
    const source = connect(sourceUrl, undefined, 3);
    try {
      await migrateDatabase(source.pool);
      const services = createServices({ db: source.db, log: pino({ level: "silent" }), env: parseEnv({}) });
      const { db } = source;
      const cycle = await closedCycle(db);
      const category = await createCategory(db);
      const district = await createDistrict(db);
      const point = await createPickupPoint(db, {
        districtId: district.id,
        deliveryChargeCents: 2_000,
        runFeeCents: 3_000,
      });
      const beef = await createProduct(db, { categoryId: category.id, targetBuyers: 2 });
      const crab = await createProduct(db, { categoryId: category.id, mode: "limited", targetBuyers: 50 });
      for (let n = 0; n < 40; n += 1) {
        const member = await createMember(db);
        await paidOrder(db, {
          cycleId: cycle.id,
          memberId: member.id,
          pickupPointId: point.id,
          deliveryFeeCents: 2_000,
          lines: [
            { product: beef, quantity: 1 + (n % 3) },
            { product: crab, quantity: 1 },
          ],
        });
      }
      const settled = await services.cycles.settlement.settleCycle(cycle.id);
      expect(settled).toMatchObject({ status: "settled", alreadySettled: false });
      const before = await snapshot(sourceUrl);
      expect((before.orders as unknown[]).length).toBe(40);
      expect((before.ledger as unknown[]).length).toBeGreaterThanOrEqual(80);

      const env = { ...process.env, DATABASE_URL: sourceUrl };
      await run("bash", ["scripts/db-backup.sh", dumpFile], { cwd: projectRoot, env });
      expect(fs.statSync(dumpFile).size).toBeGreaterThan(1_000);

      const targetUrl = await newDatabase(admin);
      await run("bash", ["scripts/db-restore.sh", dumpFile], {
        cwd: projectRoot,
        env: { ...process.env, DATABASE_URL: targetUrl },
      });
      expect(await snapshot(targetUrl)).toEqual(before);

      // The restored database is a working shop: migrations find nothing to do, balances match.
      const target = connect(targetUrl, undefined, 2);
      try {
        await migrateDatabase(target.pool);
        const restored = createServices({ db: target.db, log: pino({ level: "silent" }), env: parseEnv({}) });
        expect(await restored.dollars.checkLedger()).toEqual({ balances: [], references: [] });
      } finally {
        await target.close();
      }
    } finally {
      await source.close();
    }
  });

  it("refuses to restore into a database that already holds a shop, changing nothing", {
    timeout: 60_000,
  }, async () => {
    const admin = await adminUrl();
    const targetUrl = await newDatabase(admin);
    const target = connect(targetUrl, undefined, 2);
    try {
      await migrateDatabase(target.pool);
      await expect(
        run("bash", ["scripts/db-restore.sh", dumpFile], {
          cwd: projectRoot,
          env: { ...process.env, DATABASE_URL: targetUrl },
        }),
      ).rejects.toThrow();
      const { rows } = await target.pool.query<{ n: number }>("select count(*)::int as n from orders");
      expect(rows[0]!.n).toBe(0);
    } finally {
      await target.close();
    }
  });
});
