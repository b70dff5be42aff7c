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
 * Environment: BENCH_STOCK (1000), BENCH_BUYERS (200), BENCH_PGBENCH_SECONDS (10), BENCH_PG_PORT,
 * DATABASE_URL, GATHER_BUILD_DIR (build; built when missing).
 */
import fs from "node:fs";
import { connect, migrateDatabase } from "../../app/db/client.server.ts";
import {
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

  step(`${BUYERS} buyers at once, round after round until sold out`);
  const times: number[] = [];
  let placed = 0;
  let refused = 0;
  let rounds = 0;
  let busyMs = 0;
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
      waiting.map((shopper) => checkout(server.url, shop, shopper.cookie)),
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

  const { rows } = await database.pool.query<{ stock: number; sold: number; orders: number }>(
    `select (select stock from products where id = $1) as stock,
       (select coalesce(sum(quantity), 0)::int from order_lines where product_id = $1) as sold,
       (select count(*)::int from orders) as orders`,
    [shop.productId],
  );
  const { stock, sold, orders } = rows[0]!;
  const oversold = Math.max(0, sold - STOCK, -stock);
  const perSecond = placed / (busyMs / 1000);

  const clients = Math.min(BUYERS, maxConnections - 20);
  step(`pgbench: one row decremented, ${clients} clients, ${PGBENCH_SECONDS} s, same PostgreSQL`);
  const scratch = await databases.scratch();
  await withClient(scratch, (client) =>
    client.query(
      "create table flash (id int primary key, stock int not null); insert into flash values (1, 1000000000)",
    ),
  );
  const script = `${dir}/flash.sql`;
  fs.writeFileSync(script, "update flash set stock = stock - 1 where id = 1 and stock > 0;\n");
  const tps = pgbench(scratch, [
    "-n",
    "-f",
    script,
    "-c",
    String(clients),
    "-j",
    "2",
    "-T",
    String(PGBENCH_SECONDS),
  ]);

  times.sort((a, b) => a - b);
  const ratio = perSecond / tps;
  console.log();
  console.log(`rounds                      ${rounds}`);
  console.log(`orders placed / refused     ${placed} / ${refused}   (orders in the database: ${orders})`);
  console.log(`pieces sold / stock left    ${sold} / ${stock}  of ${STOCK}`);
  console.log(`oversold                    ${oversold}`);
  console.log(`orders per second           ${perSecond.toFixed(1)}`);
  console.log(
    `latency p50 / p99           ${percentile(times, 50).toFixed(0)} ms / ${percentile(times, 99).toFixed(0)} ms`,
  );
  console.log(
    `pgbench one-row tps         ${tps.toFixed(0)}${clients < BUYERS ? `  (${clients} clients: max_connections ${maxConnections})` : ""}`,
  );
  console.log(`ratio orders / pgbench      ${ratio.toFixed(3)}   goal ≥ ${GOAL}: ${verdict(ratio >= GOAL)}`);
  console.log(machineLine());
  const consistent = oversold === 0 && orders === placed && sold + stock === STOCK;
  if (!consistent) console.log("INCONSISTENT: orders, pieces sold and stock left do not add up");
  return consistent ? 0 : 1;
}

runBench(main);
