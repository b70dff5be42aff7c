/**
 * The shop of the cut-off rush (`npm run bench:rush`): what `seedShop` makes (an open cycle, a
 * pickup point, members with sessions, one instock product with ample stock), plus a catalogue
 * around it — general and instock products, and one limited product with little stock, which
 * sells out while the members arrive.
 */
import type { Database } from "../../../app/db/client.server.ts";
import { type Shop, seedShop } from "./shoppers.ts";

export interface RushShop extends Shop {
  /** The limited product every member wants; `limitedStock` of it. */
  limitedId: number;
  limitedStock: number;
  /** Every published product but the limited one, the second product a member adds. */
  otherIds: number[];
}

export async function seedRushShop(
  database: Database,
  options: { members: number; products: number; limitedStock: number },
): Promise<RushShop> {
  const shop = await seedShop(database, { shoppers: options.members, stock: 1_000_000 });
  const { pool } = database;
  const { rows: category } = await pool.query<{ id: number }>("select id from categories limit 1");
  // products − 2 more: half general (group price, no stock), half instock; prices spread so the
  // listing's order is not the insertion order.
  const more = Math.max(0, options.products - 2);
  const { rows: others } = await pool.query<{ id: number }>(
    `insert into products (name, slug, mode, price_cents, gather_price_cents, market_price_cents, category_id,
       stock, target_buyers, is_published, description)
     select '截單貨品' || n, 'rush-' || n,
       case when n % 2 = 0 then 'general' else 'instock' end,
       2000 + (n * 733) % 9000, 1800 + (n * 733) % 9000, 2500 + (n * 733) % 9000, $1,
       case when n % 2 = 0 then null else 1000000 end,
       case when n % 2 = 0 then 20 else null end,
       true, '截單前的貨品 ' || n
     from generate_series(1, $2::int) as n returning id`,
    [category[0]!.id, more],
  );
  const { rows: limited } = await pool.query<{ id: number }>(
    `insert into products (name, slug, mode, price_cents, gather_price_cents, market_price_cents, category_id,
       stock, target_buyers, is_published, description)
     values ('限量士多啤梨', 'rush-limited', 'limited', 6800, 5800, 8800, $1, $2, 1, true, '限量，售完即止')
     returning id`,
    [category[0]!.id, options.limitedStock],
  );
  await pool.query("vacuum analyze");
  return {
    ...shop,
    limitedId: limited[0]!.id,
    limitedStock: options.limitedStock,
    otherIds: [shop.productId, ...others.map((row) => row.id)],
  };
}
