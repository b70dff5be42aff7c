/**
 * `npm run bench:settlement` (issue 6, issue 8 item 4): how long settling a cycle of 100,000 order
 * lines takes, next to its SQL floor — the fewest statements that write the same credits, balances,
 * order statuses and events — timed on the same PostgreSQL in the same run.
 *
 * It starts its own PostgreSQL (embedded in a temporary folder; or a fresh database next to
 * DATABASE_URL, dropped afterwards), migrates, seeds a closed cycle (general group buys that met
 * their target, limited ones that missed, weight-priced lines half of them weighed lighter; two
 * lines per order), times the floor (one hand-written statement) three times inside transactions
 * that are rolled back, then settles once through the service (SMS left out: a provider's speed is
 * not ours), checks that the two wrote the same credits and that every cached balance equals its
 * ledger, and prints both times, their ratio and the verdict against the 5 s budget.
 *
 * Environment: BENCH_LINES (100000), BENCH_BUDGET_MS (5000), BENCH_PG_PORT (free port when unset), DATABASE_URL, BENCH_KEEP=1
 * (stop after seeding and keep the database running for `EXPLAIN ANALYZE` until Ctrl-C).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { connect, migrateDatabase, startEmbeddedPostgres } from "../../app/db/client.server.ts";
import { formatCents } from "../../app/domain/shared/money.ts";
import { parseEnv } from "../../app/env.server.ts";
import { createServices } from "../../app/services/context.server.ts";

const lines = Number(process.env.BENCH_LINES ?? 100_000);
/** Issue 6: 100,000 lines settle in at most 5 s. */
const BUDGET_MS = Number(process.env.BENCH_BUDGET_MS ?? 5_000);
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
 * The floor: one hand-written statement that writes the same credits as settlement for this data
 * (group refunds down to the group price for the weighed weight, none yet for weight-priced lines
 * not weighed, limited lines cancelled and refunded, delivery shares), raises the balances, and
 * confirms the orders with their events. It knows the outcome of every group in advance and that nothing was credited
 * before, so it is what settling costs with no decisions left to make. Rolled back, then vacuumed,
 * so each run and the settlement after them start from the same tables.
 */
const FLOOR_SQL = `
  with lines as materialized (
    select ol.id, ol.order_id, o.member_id, ol.mode = 'limited' as cancel, ol.amount_cents,
      case when ol.mode = 'limited' then 0
        when ol.unit <> '件' and ol.actual_weight is null then ol.amount_cents
        else least(ol.amount_cents, round(ol.gather_price_cents
          * coalesce(ol.actual_weight, ol.quantity * ol.default_weight)))
      end as final
    from order_lines ol join orders o on o.id = ol.order_id
    where o.cycle_id = $1 and o.status = 'paid'
  ),
  cancelled as (
    update order_lines set status = 'cancelled_group_failed' from lines where lines.id = order_lines.id and lines.cancel
  ),
  delivery as (
    select per_member.member_id, per_member.order_id, per_member.paid - ceil(pp.run_fee_cents::numeric
      / count(*) over (partition by per_member.point_id)) as refund
    from (select pickup_point_id as point_id, member_id, min(id) as order_id, sum(delivery_fee_cents) as paid
      from orders where cycle_id = $1 and status = 'paid' group by pickup_point_id, member_id) per_member
    join pickup_points pp on pp.id = per_member.point_id
  ),
  credits as (
    select member_id, (amount_cents - final)::int as amount_cents,
      case when cancel then 'limited_refund' else 'group_refund' end as reason, order_id, id as order_line_id,
      'floor:' || id as idempotency_key
    from lines where amount_cents > final
    union all
    select member_id, refund::int, 'delivery_refund', order_id, null, 'floor-delivery:' || member_id
    from delivery where refund > 0
  ),
  written as (
    insert into dollar_ledger (member_id, amount_cents, reason, order_id, order_line_id, idempotency_key)
    select * from credits returning member_id, amount_cents
  ),
  balances as (
    update members set d_dollar_cents = members.d_dollar_cents + added.cents, updated_at = now()
    from (select member_id, sum(amount_cents) as cents from written group by member_id) added
    where members.id = added.member_id
  ),
  confirmed as (
    update orders set status = 'confirmed', updated_at = now() where cycle_id = $1 and status = 'paid' returning id
  ),
  events as (
    insert into order_events (order_id, from_status, to_status) select id, 'paid', 'confirmed' from confirmed
  )
  select count(*)::int as records, sum(amount_cents)::bigint as cents from written`;

async function floor(
  pool: pg.Pool,
  cycleId: number,
): Promise<{ ms: number; records: number; cents: number }> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    const started = performance.now();
    await client.query("select id from order_cycles where id = $1 for update", [cycleId]);
    const { rows } = await client.query<{ records: number; cents: string }>(FLOOR_SQL, [cycleId]);
    const ms = performance.now() - started;
    await client.query("rollback");
    await client.query("vacuum analyze");
    return { ms, records: rows[0]!.records, cents: Number(rows[0]!.cents) };
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
  if (process.env.BENCH_KEEP === "1") {
    console.log(`seeded cycle ${cycleId} at ${url}; Ctrl-C stops the database`);
    await new Promise((resolve) => process.once("SIGINT", resolve));
    return 0;
  }

  step("SQL floor: one statement, 3 runs rolled back");
  const floors = [];
  for (let i = 0; i < 3; i += 1) floors.push(await floor(database.pool, cycleId));
  floors.sort((a, b) => a.ms - b.ms);
  const floorRun = floors[1]!;
  const floorMs = floorRun.ms;

  step("settling through the service");
  const silent = { name: "none", send: async () => {} };
  const services = createServices(
    { db: database.db, log: pino({ level: "warn" }), env: parseEnv({}) },
    { sms: silent },
  );
  const started = performance.now();
  const result = await services.cycles.settlement.settleCycle(cycleId);
  const settleMs = performance.now() - started;
  if (result.status !== "settled" || result.alreadySettled)
    throw new Error(`settlement did not run: ${JSON.stringify(result)}`);
  const mismatches = await services.dollars.ledgerMismatches();
  const credited = Object.values(result.totals.credited);
  const records = credited.reduce((n, c) => n + (c?.records ?? 0), 0);
  const cents = credited.reduce((n, c) => n + (c?.cents ?? 0), 0);
  const sameCredits = records === floorRun.records && cents === floorRun.cents;

  console.log();
  console.log(`lines settled             ${lines.toLocaleString("en")}`);
  console.log(`credits written           ${records.toLocaleString("en")} (${formatCents(cents)})`);
  console.log(
    `floor's credits           ${floorRun.records.toLocaleString("en")} (${formatCents(floorRun.cents)})${sameCredits ? "" : "  ← differ from settlement's"}`,
  );
  console.log(`SQL floor (median of 3)   ${floorMs.toFixed(0)} ms`);
  console.log(`settleCycle               ${settleMs.toFixed(0)} ms`);
  console.log(`ratio settle / floor      ${(settleMs / floorMs).toFixed(2)}`);
  console.log(`balances ≠ ledger         ${mismatches.length}`);
  console.log(
    `goal: settle ≤ ${(BUDGET_MS / 1000).toFixed(0)} s       ${settleMs <= BUDGET_MS ? "PASS" : "MISS"}`,
  );
  console.log(
    `Machine: ${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? "unknown"}, Node ${process.version}, load ${os.loadavg()[0]?.toFixed(1)}`,
  );
  return mismatches.length === 0 && sameCredits ? 0 : 1;
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
