/**
 * `npm run bench:settlement` (issue 6, issue 8 item 4): how long settling a cycle of 100,000 order
 * lines takes, next to its SQL floor — the fewest statements that write the same credits, balances,
 * order statuses and events — timed on the same PostgreSQL in the same run.
 *
 * It starts its own PostgreSQL (embedded in a temporary folder; or a fresh database next to
 * DATABASE_URL, dropped afterwards), migrates, seeds a closed cycle (general group buys that met
 * their target, limited ones that missed, weight-priced lines half of them weighed lighter; two
 * lines per order), times the floor three times inside transactions that are rolled back, then
 * settles once through the service (SMS left out: a provider's speed is not ours), checks that
 * every cached balance equals its ledger, and prints both times and their ratio.
 *
 * Environment: BENCH_LINES (100000), BENCH_PG_PORT (free port when unset), DATABASE_URL.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { connect, migrateDatabase, startEmbeddedPostgres } from "../../app/db/client.server.ts";
import { parseEnv } from "../../app/env.server.ts";
import { createServices } from "../../app/services/context.server.ts";

const lines = Number(process.env.BENCH_LINES ?? 100_000);
const databaseUrl = process.env.DATABASE_URL;

const cleanups: Array<() => Promise<unknown> | unknown> = [];

function step(text: string) {
  console.log(`• ${text}`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startDatabase(tempDir: string): Promise<string> {
  if (databaseUrl) {
    const name = `gather_bench_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    });
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }
  const port = Number(process.env.BENCH_PG_PORT ?? 0) || (await freePort());
  const embedded = await startEmbeddedPostgres({ dataDir: tempDir, port, database: "gather" });
  cleanups.push(() => embedded.stop());
  return embedded.url;
}

/** A closed cycle with `lines` paid lines, two per order, one order per member. */
async function seed(pool: pg.Pool): Promise<number> {
  const orderCount = Math.ceil(lines / 2);
  await pool.query(`
    insert into categories (name, slug) values ('測試', 'bench');
    insert into pickup_districts (name, area) values ('觀塘', '九龍');
    insert into pickup_points (district_id, name, address, delivery_charge_cents, run_fee_cents)
      select id, '觀塘站', '九龍觀塘', 2000, 500000 from pickup_districts;
    insert into order_cycles (cutoff_at, pickup_from, pickup_to, status)
      values (now() - interval '2 hours', '2030-01-03', '2030-01-05', 'settling');`);
  // Eight products: general met (4), limited missed (2), weight-priced general met (2).
  await pool.query(`
    insert into products (name, slug, mode, price_cents, gather_price_cents, market_price_cents,
      category_id, unit, default_weight, target_buyers, is_published)
    select '貨品' || n, 'bench-' || n,
      case when n <= 4 then 'general' when n <= 6 then 'limited' else 'general' end,
      10000, 8500, 12000, (select id from categories limit 1),
      case when n <= 6 then '件' else '磅' end,
      case when n <= 6 then 1 else 2.5 end,
      case when n <= 4 or n > 6 then 10 else 1000000 end, true
    from generate_series(1, 8) as n`);
  await pool.query(`
    with new_members as (
      insert into members (phone, first_name, last_name, email)
      select (50000000 + n)::text, '會員' || n, '測試', 'bench' || n || '@example.com'
      from generate_series(1, ${orderCount}) as n
      returning id, phone
    )
    insert into orders (number, member_id, cycle_id, status, pickup_point_id, pickup_code, items_cents,
      delivery_fee_cents, payable_cents, payment_method, idempotency_key, paid_at)
    select 'B' || phone, id, (select id from order_cycles limit 1), 'paid', (select id from pickup_points limit 1),
      'P' || phone, 0, 2000, 0, 'sandbox', phone, now()
    from new_members`);
  await pool.query(`
    insert into order_lines (order_id, product_id, name, mode, unit, default_weight, quantity, price_cents,
      gather_price_cents, market_price_cents, unit_price_cents, amount_cents, actual_weight)
    select o.id, p.id, p.name, p.mode, p.unit, p.default_weight, 1, p.price_cents, p.gather_price_cents,
      p.market_price_cents,
      case when p.mode = 'general' then p.price_cents else p.gather_price_cents end,
      round((case when p.mode = 'general' then p.price_cents else p.gather_price_cents end) * p.default_weight),
      case when p.unit <> '件' and o.id % 2 = 0 then p.default_weight - 0.3 end
    from (select id, row_number() over (order by id) as k from orders) o
    cross join lateral (select unnest(array[(o.k % 8) + 1, ((o.k + 3) % 8) + 1]) as n) pick
    join products p on p.slug = 'bench-' || pick.n
    limit ${lines}`);
  await pool.query(`
    update orders o set items_cents = s.total, payable_cents = s.total + o.delivery_fee_cents
    from (select order_id, sum(amount_cents) as total from order_lines group by order_id) s
    where s.order_id = o.id`);
  await pool.query("vacuum analyze");
  const { rows } = await pool.query<{ id: number }>("select id from order_cycles limit 1");
  return rows[0]!.id;
}

/**
 * The floor: one statement per kind of write, no per-line logic beyond SQL arithmetic (group and
 * limited refunds as settlement computes them for these lines; weight and delivery left out, so the
 * floor is if anything too low). Rolled back.
 */
async function floor(pool: pg.Pool, cycleId: number): Promise<number> {
  const client = await pool.connect();
  try {
    const started = performance.now();
    await client.query("begin");
    await client.query(`select id from order_cycles where id = $1 for update`, [cycleId]);
    await client.query(
      `insert into dollar_ledger (member_id, amount_cents, reason, order_id, order_line_id, idempotency_key)
       select o.member_id,
         case when ol.mode = 'limited' then ol.amount_cents
           else ol.amount_cents - round(ol.gather_price_cents * ol.quantity * ol.default_weight) end,
         case when ol.mode = 'limited' then 'limited_refund' else 'group_refund' end,
         o.id, ol.id, 'floor:' || ol.id
       from order_lines ol join orders o on o.id = ol.order_id
       where o.cycle_id = $1 and o.status = 'paid'`,
      [cycleId],
    );
    await client.query(
      `update order_lines set status = 'cancelled_group_failed'
      where mode = 'limited' and order_id in (select id from orders where cycle_id = $1)`,
      [cycleId],
    );
    await client.query(`update members m set d_dollar_cents = m.d_dollar_cents + s.total
      from (select member_id, sum(amount_cents) as total from dollar_ledger
        where idempotency_key like 'floor:%' group by member_id) s
      where m.id = s.member_id`);
    await client.query(
      `with confirmed as (update orders set status = 'confirmed' where cycle_id = $1 and status = 'paid' returning id)
       insert into order_events (order_id, from_status, to_status) select id, 'paid', 'confirmed' from confirmed`,
      [cycleId],
    );
    const elapsed = performance.now() - started;
    await client.query("rollback");
    return elapsed;
  } finally {
    client.release();
  }
}

async function main(): Promise<number> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-bench-settle-"));
  fs.chmodSync(tempDir, 0o755);
  cleanups.push(() => fs.rmSync(tempDir, { recursive: true, force: true }));
  step("PostgreSQL");
  const url = await startDatabase(tempDir);
  const database = connect(url, undefined, 4);
  cleanups.push(() => database.close());
  await migrateDatabase(database.pool);
  step(`seeding a closed cycle with ${lines.toLocaleString("en")} paid lines`);
  const cycleId = await seed(database.pool);

  step("SQL floor, 3 runs rolled back");
  const floors = [];
  for (let i = 0; i < 3; i += 1) floors.push(await floor(database.pool, cycleId));
  floors.sort((a, b) => a - b);
  const floorMs = floors[1]!;

  step("settling through the service");
  const silent = { name: "none", send: async () => {} };
  const services = createServices(
    { db: database.db, log: pino({ level: "warn" }), env: parseEnv({}) },
    { sms: silent },
  );
  const started = performance.now();
  const result = await services.settlement.settleCycle(cycleId);
  const settleMs = performance.now() - started;
  if (!result.ok || result.alreadySettled)
    throw new Error(`settlement did not run: ${JSON.stringify(result)}`);
  const mismatches = await services.dollars.ledgerMismatches();

  console.log();
  console.log(`lines settled             ${lines.toLocaleString("en")}`);
  console.log(
    `credits written           ${Object.values(result.totals.credited)
      .reduce((n, c) => n + (c?.records ?? 0), 0)
      .toLocaleString("en")}`,
  );
  console.log(`SQL floor (median of 3)   ${floorMs.toFixed(0)} ms`);
  console.log(`settleCycle               ${settleMs.toFixed(0)} ms`);
  console.log(`ratio settle / floor      ${(settleMs / floorMs).toFixed(2)}`);
  console.log(`balances ≠ ledger         ${mismatches.length}`);
  console.log(
    `Machine: ${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? "unknown"}, Node ${process.version}, load ${os.loadavg()[0]?.toFixed(1)}`,
  );
  return mismatches.length === 0 ? 0 : 1;
}

main()
  .then(
    (code) => code,
    (error: unknown) => {
      console.error(error);
      return 1;
    },
  )
  .then(async (code) => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error("cleaning up failed:", error);
      }
    }
    process.exit(code);
  });
