/**
 * `npm run bench:checkout` (issue 8 item 4, issue 30 item 3): checkouts per second over real HTTP —
 * the production server taking `POST /checkout` from signed-in members, each a whole order
 * transaction (cycle, stock, dDollar, order, line, event) — next to its SQL floor: pgbench replaying
 * exactly the SQL a checkout sends (recorded from the server, support/sql-floor.ts), with the same
 * number of clients, each a member of its own, on the same PostgreSQL and data, measured in the same
 * run. Goal: checkouts per second ≥ 0.5 × the floor's transactions per second.
 *
 * It starts its own PostgreSQL (embedded in a temporary folder, or new databases next to
 * DATABASE_URL, dropped afterwards), migrates, seeds BENCH_MEMBERS members with sessions and an
 * instock product with ample stock, and records the SQL of two checkouts through a server of its
 * own (sql-floor.ts). Then, in BENCH_ROUNDS rounds (after one round not counted, to warm the
 * server up), it fills every cart and has BENCH_CONCURRENCY clients check the members out. It checks
 * that every acknowledged checkout is one order and that the stock went down by exactly the orders
 * placed (exit 1 otherwise), stops the server and runs the floor for BENCH_PGBENCH_SECONDS.
 *
 * Environment: BENCH_MEMBERS (200), BENCH_ROUNDS (3), BENCH_CONCURRENCY (20), BENCH_PGBENCH_SECONDS
 * (10), BENCH_PG_PORT, DATABASE_URL, GATHER_BUILD_DIR (build; built when missing).
 */
import { connect, migrateDatabase } from "../../app/db/client.server.ts";
import {
  cpuMeter,
  ensureBuild,
  machineLine,
  numberFrom,
  onCleanup,
  percentile,
  runBench,
  startDatabase,
  startServer,
  step,
  tempDir,
  verdict,
} from "./support/harness.ts";
import { checkout, closeAgent, fillCarts, seedShop } from "./support/shoppers.ts";
import { checkoutFloor, clientValues, recordCheckouts } from "./support/sql-floor.ts";

const MEMBERS = numberFrom("BENCH_MEMBERS", 200);
const ROUNDS = numberFrom("BENCH_ROUNDS", 3);
const CONCURRENCY = numberFrom("BENCH_CONCURRENCY", 20);
const PGBENCH_SECONDS = numberFrom("BENCH_PGBENCH_SECONDS", 10);
const GOAL = 0.5;
const STOCK = 1_000_000;

async function main(): Promise<number> {
  ensureBuild();
  const dir = tempDir("gather-bench-checkout-");
  step("PostgreSQL");
  const databases = await startDatabase(dir);
  const database = connect(databases.url, undefined, 4);
  onCleanup("pool", () => database.close());
  await migrateDatabase(database.pool);
  step(`seeding ${MEMBERS} members with sessions and one instock product`);
  const shop = await seedShop(database, { shoppers: MEMBERS, stock: STOCK });
  onCleanup("HTTP agent", closeAgent);
  step("recording the SQL of two checkouts (a server of its own, through a relay)");
  const values = await clientValues(database, shop);
  const recorded = await recordCheckouts({ database, shop, dataDir: dir, values });

  step("production server");
  const server = await startServer({
    databaseUrl: databases.url,
    dataDir: dir,
    // Every request comes from 127.0.0.1 here; the per-address form limit is not what is measured.
    env: { RATE_LIMIT_FORMS_PER_MINUTE: "10000000" },
  });

  /** Refused checkouts by HTTP status, over every round. */
  const refused = new Map<number, number>();

  /** Every member checks out once, CONCURRENCY at a time. */
  async function round() {
    await fillCarts(
      database,
      shop,
      shop.shoppers.map((shopper) => shopper.id),
      () => 1,
    );
    const times: number[] = [];
    let placed = 0;
    const queue = [...shop.shoppers];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let shopper = queue.shift(); shopper; shopper = queue.shift()) {
          const answer = await checkout(server.url, shop, shopper.cookie);
          times.push(answer.ms);
          if (answer.placed) placed += 1;
          else refused.set(answer.status, (refused.get(answer.status) ?? 0) + 1);
        }
      }),
    );
    return { placed, times, ms: performance.now() - started };
  }

  // One round first, not counted: the server's first hundreds of checkouts run cold (JIT, pools).
  step("warming up: one round, not counted");
  const warm = await round();
  if (warm.placed === 0) throw new Error(`the warm-up round was refused: ${JSON.stringify([...refused])}`);

  step(`${ROUNDS} rounds of ${MEMBERS} checkouts, ${CONCURRENCY} at a time`);
  const times: number[] = [];
  let placed = 0;
  let busyMs = 0;
  const cpu = cpuMeter(server.pid);
  for (let counted = 0; counted < ROUNDS; counted += 1) {
    const one = await round();
    times.push(...one.times);
    placed += one.placed;
    busyMs += one.ms;
  }
  const perSecond = placed / (busyMs / 1000);
  const cpuPerCheckout = cpu.stop(placed);

  const { rows } = await database.pool.query<{ orders: number; stock: number }>(
    "select (select count(*)::int from orders) as orders, (select stock from products where id = $1) as stock",
    [shop.productId],
  );
  const all = recorded.placed + warm.placed + placed;
  const whole = rows[0]!.orders === all && rows[0]!.stock === STOCK - all;

  // The server is done: stopped, so that its jobs (the notices of the orders pgbench writes) do not
  // run during the floor.
  await server.stop();
  const clients = Math.min(CONCURRENCY, values.length);
  step(
    `SQL floor: pgbench replaying a checkout's SQL, ${clients} clients, ${PGBENCH_SECONDS} s, same PostgreSQL`,
  );
  const floor = await checkoutFloor({
    database,
    url: databases.url,
    shop,
    recorded,
    values,
    clients,
    seconds: PGBENCH_SECONDS,
    file: `${dir}/checkout-floor.sql`,
    title: "bench:checkout",
  });
  const tps = floor.tps;

  times.sort((a, b) => a - b);
  const ratio = perSecond / tps;
  console.log();
  console.log(
    `checkouts placed            ${placed}${refused.size > 0 ? `  refused: ${JSON.stringify(Object.fromEntries(refused))}` : ""}`,
  );
  console.log(`checkouts per second        ${perSecond.toFixed(1)}`);
  console.log(
    `latency p50 / p99           ${percentile(times, 50).toFixed(0)} ms / ${percentile(times, 99).toFixed(0)} ms`,
  );
  console.log(`CPU per checkout            ${cpuPerCheckout}`);
  console.log(
    `SQL floor tps               ${tps.toFixed(0)}   (pgbench, ${floor.statements} statements a checkout)`,
  );
  console.log(`ratio checkout / floor      ${ratio.toFixed(3)}   goal ≥ ${GOAL}: ${verdict(ratio >= GOAL)}`);
  console.log(`orders = acknowledged, stock = ${STOCK} − orders: ${whole ? "yes" : "NO"}`);
  console.log(machineLine());
  return whole && refused.size === 0 ? 0 : 1;
}

runBench(main);
