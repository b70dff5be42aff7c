import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../app/db/client.server.ts";
import { orderCycles } from "../../app/db/schema/index.ts";
import type { Services } from "../../app/services/context.server.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import { request } from "../helpers/net.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { createCycle, createProduct, type ProductRow } from "./catalogue-fixtures.ts";

/**
 * Many members ready to check out at once over HTTP (issue 8: faults and scale-out): an open
 * cycle, a pickup point, one instock product, and per member a signed-in session cookie and the
 * product in the cart. Every third member holds dDollar, so their orders write ledger records too.
 */

export interface Shopper {
  member: MemberRow;
  cookie: string;
  /** The key their checkout form carries; a retry with it must find the same order. */
  idempotencyKey: string;
}

export interface Crowd {
  product: ProductRow;
  pointId: number;
  shoppers: Shopper[];
  stockBefore: number;
}

export async function checkoutCrowd(
  db: Db,
  services: Services,
  options: { shoppers: number; stock: number },
): Promise<Crowd> {
  const category = await createCategory(db);
  const district = await createDistrict(db);
  const point = await createPickupPoint(db, { districtId: district.id });
  const [open] = await db.select().from(orderCycles).where(eq(orderCycles.status, "open"));
  if (!open) await createCycle(db);
  const product = await createProduct(db, {
    categoryId: category.id,
    mode: "instock",
    priceCents: 4_550,
    gatherPriceCents: 4_550,
    stock: options.stock,
  });
  const admin = await createMember(db, { type: "admin" });
  const shoppers: Shopper[] = [];
  for (let i = 0; i < options.shoppers; i++) {
    const member = await createMember(db);
    if (i % 3 === 0) {
      const given = await services.dollars.adjust({
        member: { id: member.id },
        amountCents: 2_000,
        note: "測試",
        adminId: admin.id,
      });
      if (given.status !== "adjusted") throw new Error("dDollar not given");
    }
    await services.cart.add(member.id, product.id);
    shoppers.push({
      member,
      cookie: await memberSessionCookie(services, member.id),
      idempotencyKey: randomUUID(),
    });
  }
  return { product, pointId: point.id, shoppers, stockBefore: options.stock };
}

export type CheckoutAnswer =
  | { kind: "placed"; number: string }
  | { kind: "refused"; status: number }
  | { kind: "failed"; error: string };

/** Posts the checkout form as the browser does; a 302 to payment or the order means it was placed. */
export async function postCheckout(baseUrl: string, crowd: Crowd, shopper: Shopper): Promise<CheckoutAnswer> {
  const body = new URLSearchParams({
    intent: "place",
    pickupPointId: String(crowd.pointId),
    idempotencyKey: shopper.idempotencyKey,
    productIds: String(crowd.product.id),
  }).toString();
  try {
    const response = await request(baseUrl, "/checkout", {
      method: "POST",
      headers: { cookie: shopper.cookie, "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    const location = response.headers.location ?? "";
    const number = /[?&](?:order|placed)=([^&]+)/.exec(location)?.[1];
    if (response.status === 302 && number) return { kind: "placed", number: decodeURIComponent(number) };
    return { kind: "refused", status: response.status };
  } catch (error) {
    return { kind: "failed", error: (error as NodeJS.ErrnoException).code ?? String(error) };
  }
}

export interface OrderCheck {
  /** Order numbers in the database. */
  numbers: string[];
  /** Orders with no line, lines that do not add up to the order, or a dDollar payment not in the ledger. */
  broken: string[];
  /** Stock before, less every unit the orders hold, less the stock now: 0 when nothing was lost. */
  stockGap: number;
  /** Members whose cached balance differs from the sum of their records. */
  ledgerMismatches: number;
}

/** Reads back every order of the crowd's product and checks that each is whole. */
export async function checkOrders(db: Db, crowd: Crowd): Promise<OrderCheck> {
  const orders = await db.execute<{ number: string; broken: boolean }>(sql`
    select o.number,
      coalesce(lines.n, 0) = 0
        or lines.items <> o.items_cents
        or o.d_dollar_used_cents <> coalesce(paid.cents, 0)
        or lines.units <> 1 as broken
    from orders o
    left join (select order_id, count(*) as n, sum(amount_cents) as items, sum(quantity) as units
      from order_lines group by order_id) lines on lines.order_id = o.id
    left join (select order_id, -sum(amount_cents) as cents from dollar_ledger
      where reason = 'order_payment' group by order_id) paid on paid.order_id = o.id`);
  const [stock] = (
    await db.execute<{ gap: number }>(sql`
      select ${crowd.stockBefore}::int
        - coalesce((select sum(ol.quantity) from order_lines ol join orders o on o.id = ol.order_id
            where ol.product_id = ${crowd.product.id} and o.status not in ('expired', 'cancelled')), 0)::int
        - (select stock from products where id = ${crowd.product.id}) as gap`)
  ).rows;
  const [mismatches] = (
    await db.execute<{ n: number }>(sql`
      select count(*)::int as n from members m
      where m.d_dollar_cents <> coalesce((select sum(amount_cents) from dollar_ledger d where d.member_id = m.id), 0)`)
  ).rows;
  return {
    numbers: orders.rows.map((row) => row.number),
    broken: orders.rows.filter((row) => row.broken).map((row) => row.number),
    stockGap: stock!.gap,
    ledgerMismatches: mismatches!.n,
  };
}
