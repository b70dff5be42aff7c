import { spawn } from "node:child_process";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderCycles } from "../../app/db/schema/index.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import { projectRoot } from "../helpers/server.ts";
import { createProduct } from "./catalogue-fixtures.ts";
import { closedCycle } from "./settlement-fixtures.ts";

const database = setupTestDatabase();
const MEMBERS = 4_000;
const CHILD = "gather-settle-child";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 4,000 members, each with one paid order of 2 pieces of a general group buy that met its target. */
async function crowdedCycle() {
  const { db } = database;
  const cycle = await closedCycle(db);
  const category = await createCategory(db);
  const district = await createDistrict(db);
  const point = await createPickupPoint(db, { districtId: district.id, deliveryChargeCents: 0 });
  const product = await createProduct(db, {
    categoryId: category.id,
    mode: "general",
    priceCents: 10_000,
    gatherPriceCents: 8_500,
    targetBuyers: 10,
  });
  await db.execute(sql`
    with new_members as (
      insert into members (phone, first_name, last_name, email)
      select (60000000 + n)::text, '會員' || n, '測試', 'crash' || n || '@example.com'
      from generate_series(1, ${MEMBERS}) as n
      returning id
    ), new_orders as (
      insert into orders (number, member_id, cycle_id, status, pickup_point_id, pickup_code, items_cents,
        payable_cents, payment_method, idempotency_key, paid_at)
      select 'C' || id, id, ${cycle.id}, 'paid', ${point.id}, 'K' || substr(md5(id::text), 1, 10),
        20000, 20000, 'sandbox', id::text, now()
      from new_members
      returning id
    )
    insert into order_lines (order_id, product_id, name, mode, unit, default_weight, quantity, price_cents,
      gather_price_cents, market_price_cents, unit_price_cents, amount_cents)
    select id, ${product.id}, ${product.name}, 'general', '件', 1, 2, 10000, 8500, 12000, 10000, 20000
    from new_orders`);
  return cycle;
}

/** The child's backend once it has started writing dDollar records (it holds a lock on the table). */
async function writingBackend(): Promise<number | null> {
  const result = await database.db.execute<{ pid: number }>(sql`
    select a.pid from pg_stat_activity a
    join pg_locks l on l.pid = a.pid
    where a.application_name = ${CHILD} and l.relation = 'dollar_ledger'::regclass
      and l.mode = 'RowExclusiveLock'
    limit 1`);
  return result.rows[0]?.pid ?? null;
}

describe("settlement killed half-way (DESIGN §4.8)", () => {
  it("leaves nothing behind, and the rerun credits every member exactly once", async () => {
    const { db, services } = database;
    const cycle = await crowdedCycle();
    const url = new URL(database.url);
    url.searchParams.set("application_name", CHILD);
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "tests/helpers/settle-child.ts", url.toString(), String(cycle.id)],
      { cwd: projectRoot, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) =>
      child.on("exit", (_code, signal) => resolve(signal ? -1 : _code)),
    );

    let backend: number | null = null;
    for (let tries = 0; tries < 2_000 && backend === null; tries += 1) {
      backend = await writingBackend();
      if (backend === null) await sleep(5);
    }
    expect(backend, `the child never started writing (it printed ${output})`).not.toBeNull();
    child.kill("SIGKILL");
    expect(await exited).toBe(-1);
    // PostgreSQL rolls the transaction back when it notices the client has gone.
    for (let tries = 0; tries < 500; tries += 1) {
      const gone = await db.execute(sql`select 1 from pg_stat_activity where pid = ${backend}`);
      if (gone.rows.length === 0) break;
      await sleep(20);
    }

    const [halfway] = await db.select().from(orderCycles).where(eq(orderCycles.id, cycle.id));
    expect(halfway!.status).toBe("settling");
    const none = await db.execute<{ n: number }>(sql`select count(*)::int as n from dollar_ledger`);
    expect(none.rows[0]!.n).toBe(0);

    const rerun = await services.cycles.settlement.settleCycle(cycle.id);
    expect(rerun).toMatchObject({
      status: "settled",
      alreadySettled: false,
      totals: { credited: { group_refund: { records: MEMBERS, cents: MEMBERS * 3_000 } } },
    });
    const perMember = await db.execute<{ n: number; cents: number }>(sql`
      select count(*)::int as n, min(d_dollar_cents)::int as cents from members
      where phone like '6%' and d_dollar_cents = 3000`);
    expect(perMember.rows[0]).toEqual({ n: MEMBERS, cents: 3_000 });
    expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
  });
});
