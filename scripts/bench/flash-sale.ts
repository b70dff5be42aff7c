/**
 * `npm run bench:flash-sale` (issue 8 item 4): one instock product with 1,000 in stock and 200
 * members checking out at the same moment, over and over until it is sold out. Prints orders per
 * second and what was sold, refused and **oversold** (must be 0: exit 1 otherwise), next to a
 * pgbench script that only decrements one row's counter (`stock = stock - 1 where stock > 0`) with
 * as many clients on the same PostgreSQL, measured in the same run. Goal: ratio ≥ 0.5.
 *
 * Each member wants 1 to 5 pieces (the same pseudo-random choice on every run), so the last rounds
 * ask for more than is left and the shop must refuse those checkouts ("sold out") rather than sell
 * what it does not have.
 *
 * The sale runs twice, the stock put back in between: first as a browser without the page's
 * JavaScript posts the form (a refusal renders the checkout page; the ratio is this sale's), then
 * as the page's script posts it (`/checkout.data`: a refusal is the action's data alone). Both are
 * checked for oversold.
 *
 * Environment: BENCH_STOCK (1000), BENCH_BUYERS (200), BENCH_PGBENCH_SECONDS (10), BENCH_PG_PORT,
 * DATABASE_URL, GATHER_BUILD_DIR (build; built when missing).
 */
import fs from "node:fs";
import { connect, migrateDatabase } from "../../app/db/client.server.ts";
import {
  cpuMeter,
  ensureBuild,
  machineLine,
  numberFrom,
  onCleanup,
  percentile,
  pgbench,
  runBench,
  startDatabase,
  startServer,
  step,
  tempDir,
  verdict,
  withClient,
} from "./support/harness.ts";
import { type Answer, checkout, closeAgent, fillCarts, seedShop, soldOut } from "./support/shoppers.ts";

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
  const maxConnections = Number(
    (await database.pool.query<{ max_connections: string }>("show max_connections")).rows[0]!.max_connections,
  );

  step("production server");
  const server = await startServer({
    databaseUrl: databases.url,
    dataDir: dir,
    env: { RATE_LIMIT_FORMS_PER_MINUTE: "10000000" },
  });
  onCleanup("HTTP agent", closeAgent);

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

  const clients = Math.min(BUYERS, maxConnections - 20);
  step(`pgbench: one row decremented, ${clients} clients, ${PGBENCH_SECONDS} s, same PostgreSQL`);
  const scratch = await databases.scratch();
  await withClient(scratch, (client) =>
    client.query(
      "create table flash (id int primary key, stock int not null); insert into flash values (1, 1000000000)",
    ),
  );
  const pgbenchScript = `${dir}/flash.sql`;
  fs.writeFileSync(pgbenchScript, "update flash set stock = stock - 1 where id = 1 and stock > 0;\n");
  const tps = pgbench(scratch, [
    "-n",
    "-f",
    pgbenchScript,
    "-c",
    String(clients),
    "-j",
    "2",
    "-T",
    String(PGBENCH_SECONDS),
  ]);

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
    `pgbench one-row tps         ${tps.toFixed(0)}${clients < BUYERS ? `  (${clients} clients: max_connections ${maxConnections})` : ""}`,
  );
  console.log(`ratio orders / pgbench      ${ratio.toFixed(3)}   goal ≥ ${GOAL}: ${verdict(ratio >= GOAL)}`);
  console.log(`· with the page's script     ${(script.perSecond / tps).toFixed(3)}`);
  console.log(machineLine());
  const consistent = [form, script].every((one) => one.oversold === 0 && one.consistent);
  if (!consistent) console.log("INCONSISTENT: orders, pieces sold and stock left do not add up");
  return consistent ? 0 : 1;
}

runBench(main);
