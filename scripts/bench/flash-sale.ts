/**
 * `npm run bench:flash-sale` (issue 8 item 4): one instock product with 1,000 in stock and 200
 * members checking out at the same moment, over and over until it is sold out. Prints orders per
 * second and what was sold, refused and **oversold** (must be 0: exit 1 otherwise), next to its SQL
 * floor (issue 30 item 3): pgbench replaying exactly the SQL a checkout of that product sends
 * (recorded from the server, support/sql-floor.ts), each client a member of its own buying the one
 * product, so with the same contention on its stock row, with as many clients (up to
 * max_connections − 20) on the same PostgreSQL and data, measured in the same run. Goal: orders per
 * second ≥ 0.5 × the floor's transactions per second, with 0 oversold.
 *
 * Each member wants 1 to 5 pieces (the same pseudo-random choice on every run), so the last rounds
 * ask for more than is left and the shop must refuse those checkouts ("sold out") rather than sell
 * what it does not have.
 *
 * The sale runs twice, the stock put back in between: first as a browser without the page's
 * JavaScript posts the form (a refusal renders the checkout page; the ratio is this sale's), then
 * as the page's script posts it (`/checkout.data`: a refusal is the action's data alone). Both are
 * checked for oversold. Before the sales, the SQL of two checkouts is recorded through a server of
 * its own; after them, the server is stopped and the floor runs with the stock set out of reach, so
 * that every replay takes its pieces as a checkout that is not refused does.
 *
 * Environment: BENCH_STOCK (1000), BENCH_BUYERS (200), BENCH_PGBENCH_SECONDS (10), BENCH_PG_PORT,
 * DATABASE_URL, GATHER_BUILD_DIR (build; built when missing).
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
import { type Answer, checkout, closeAgent, fillCarts, seedShop, soldOut } from "./support/shoppers.ts";
import { checkoutFloor, clientValues, recordCheckouts } from "./support/sql-floor.ts";

const STOCK = numberFrom("BENCH_STOCK", 1_000);
const BUYERS = numberFrom("BENCH_BUYERS", 200);
const PGBENCH_SECONDS = numberFrom("BENCH_PGBENCH_SECONDS", 10);
const GOAL = 0.5;

/** 1 to 5 pieces per member, the same on every run. */
function wants(i: number): number {
  return ((i * 7_919) % 5) + 1;
}

async function main(): Promise<number> {
  ensureBuild();
  const dir = tempDir("gather-bench-flash-");
  step("PostgreSQL");
  const databases = await startDatabase(dir);
  const database = connect(databases.url, undefined, 4);
  onCleanup("pool", () => database.close());
  await migrateDatabase(database.pool);
  step(`seeding ${BUYERS} members with sessions and a product with ${STOCK} in stock`);
  const shop = await seedShop(database, { shoppers: BUYERS, stock: STOCK });
  onCleanup("HTTP agent", closeAgent);
  step("recording the SQL of two checkouts (a server of its own, through a relay)");
  const values = await clientValues(database, shop);
  const recorded = await recordCheckouts({ database, shop, dataDir: dir, values });
  const maxConnections = Number(
    (await database.pool.query<{ max_connections: string }>("show max_connections")).rows[0]!.max_connections,
  );

  step("production server");
  const server = await startServer({
    databaseUrl: databases.url,
    dataDir: dir,
    env: { RATE_LIMIT_FORMS_PER_MINUTE: "10000000" },
  });

  // Both ways once on a small stock first: whichever sale ran first ran 15–25 % slower, cold.
  step("warming up: both ways on 200 pieces, not counted");
  await sale(false, 200);
  await sale(true, 200);
  step(`${BUYERS} buyers at once, round after round until sold out (the form without JavaScript)`);
  const form = await sale(false);
  step("the same sale again, stock put back, as the page's JavaScript posts (/checkout.data)");
  const script = await sale(true);

  /** One sale of `pieces`: rounds of every buyer still buying at once, until sold out. */
  async function sale(withScript: boolean, pieces = STOCK) {
    await database.pool.query("update products set stock = $2 where id = $1", [shop.productId, pieces]);
    const before = await database.pool.query<{ last: number }>(
      "select coalesce(max(id), 0)::int as last from orders",
    );
    const lastOrderBefore = before.rows[0]!.last;
    const times: number[] = [];
    let placed = 0;
    let refused = 0;
    let rounds = 0;
    let busyMs = 0;
    const cpu = cpuMeter(server.pid);
    const index = new Map(shop.shoppers.map((shopper, i) => [shopper.id, i]));
    let waiting = [...shop.shoppers];
    while (waiting.length > 0 && rounds < 50) {
      rounds += 1;
      await fillCarts(
        database,
        shop,
        waiting.map((shopper) => shopper.id),
        (i) => wants(index.get(waiting[i]!.id)!),
      );
      const started = performance.now();
      const answers: Answer[] = await Promise.all(
        waiting.map((shopper) => checkout(server.url, shop, shopper.cookie, withScript)),
      );
      busyMs += performance.now() - started;
      const stillBuying = [];
      for (const [i, answer] of answers.entries()) {
        times.push(answer.ms);
        if (answer.placed) {
          placed += 1;
          stillBuying.push(waiting[i]!);
        } else if (soldOut(answer)) {
          refused += 1;
        } else {
          throw new Error(`a checkout answered ${answer.status}`);
        }
      }
      // Those who got their pieces come back for more; a refused buyer wanted more than is left.
      waiting = stillBuying;
    }
    // Taken before the reads below; includes refusals and the bench's own filling of carts.
    const cpuPerOrder = cpu.stop(placed);
    const { rows } = await database.pool.query<{ stock: number; sold: number; orders: number }>(
      `select (select stock from products where id = $1) as stock,
         (select coalesce(sum(quantity), 0)::int from order_lines where product_id = $1 and order_id > $2) as sold,
         (select count(*)::int from orders where id > $2) as orders`,
      [shop.productId, lastOrderBefore],
    );
    const { stock, sold, orders } = rows[0]!;
    times.sort((a, b) => a - b);
    return {
      placed,
      refused,
      rounds,
      times,
      stock,
      sold,
      orders,
      oversold: Math.max(0, sold - pieces, -stock),
      perSecond: placed / (busyMs / 1000),
      cpuPerOrder,
      consistent: orders === placed && sold + stock === pieces,
    };
  }

  // The server is done: stopped, so that its jobs (the notices of the orders pgbench writes) do not
  // run during the floor.
  await server.stop();
  const clients = Math.min(BUYERS, maxConnections - 20);
  step(
    `SQL floor: pgbench replaying a checkout's SQL, ${clients} clients, ${PGBENCH_SECONDS} s, same PostgreSQL`,
  );
  // Stock out of reach, so that every replay takes its piece.
  await database.pool.query("update products set stock = 1000000000 where id = $1", [shop.productId]);
  const floor = await checkoutFloor({
    database,
    url: databases.url,
    shop,
    recorded,
    values,
    clients,
    seconds: PGBENCH_SECONDS,
    file: `${dir}/flash-sale-floor.sql`,
    title: "bench:flash-sale",
  });
  const tps = floor.tps;

  const ratio = form.perSecond / tps;
  const row = (label: string, form: string | number, script: string | number) =>
    console.log(`${label.padEnd(28)}${String(form).padStart(16)}${String(script).padStart(18)}`);
  const latency = (times: number[]) =>
    `${percentile(times, 50).toFixed(0)} / ${percentile(times, 99).toFixed(0)} ms`;
  console.log();
  row("", "form, no script", "page's script");
  row("rounds", form.rounds, script.rounds);
  row("orders placed / refused", `${form.placed} / ${form.refused}`, `${script.placed} / ${script.refused}`);
  row("orders in the database", form.orders, script.orders);
  row("pieces sold / stock left", `${form.sold} / ${form.stock}`, `${script.sold} / ${script.stock}`);
  row("oversold", form.oversold, script.oversold);
  row("orders per second", form.perSecond.toFixed(1), script.perSecond.toFixed(1));
  row("latency p50 / p99", latency(form.times), latency(script.times));
  console.log(`CPU per order placed, form   ${form.cpuPerOrder}`);
  console.log(`· with the page's script     ${script.cpuPerOrder}`);
  console.log(
    `SQL floor tps               ${tps.toFixed(0)}   (pgbench, ${floor.statements} statements a checkout, ${clients} clients${clients < BUYERS ? `: max_connections ${maxConnections}` : ""})`,
  );
  const pass = ratio >= GOAL && form.oversold === 0;
  console.log(
    `ratio orders / floor        ${ratio.toFixed(3)}   goal ≥ ${GOAL}, 0 oversold: ${verdict(pass)}`,
  );
  console.log(`· with the page's script     ${(script.perSecond / tps).toFixed(3)}`);
  console.log(machineLine());
  const consistent = [form, script].every((one) => one.oversold === 0 && one.consistent);
  if (!consistent) console.log("INCONSISTENT: orders, pieces sold and stock left do not add up");
  return consistent ? 0 : 1;
}

runBench(main);
