/**
 * Members ready to check out over HTTP, for the checkout and flash-sale benches: an open cycle, a
 * pickup point, one instock product, and per member a session cookie. `fillCarts` puts the product
 * in every given member's cart; `checkout` posts the form exactly as a browser does, with or without
 * the page's JavaScript. `sessionCookies` signs existing members in (also for the SSR and
 * Lighthouse benches).
 */

import { randomUUID } from "node:crypto";
import http from "node:http";
import pino from "pino";
import { createCookie } from "react-router";
import type { Database } from "../../../app/db/client.server.ts";
import { parseEnv } from "../../../app/env.server.ts";
import { createServices } from "../../../app/services/context.server.ts";

export interface Shop {
  productId: number;
  pointId: number;
  shoppers: Array<{ id: string; cookie: string }>;
}

export async function seedShop(
  database: Database,
  options: { shoppers: number; stock: number },
): Promise<Shop> {
  const { pool } = database;
  const one = async <T>(text: string, params: unknown[] = []) =>
    (await pool.query(text, params)).rows[0] as T;
  const category = await one<{ id: number }>(
    "insert into categories (name, slug) values ('測試', 'bench') returning id",
  );
  const district = await one<{ id: number }>(
    "insert into pickup_districts (name, area) values ('觀塘', '九龍') returning id",
  );
  const point = await one<{ id: number }>(
    `insert into pickup_points (district_id, name, address, delivery_charge_cents)
     values ($1, '觀塘站', '九龍觀塘', 1000) returning id`,
    [district.id],
  );
  await pool.query(
    "insert into order_cycles (cutoff_at, pickup_from, pickup_to) values (now() + interval '7 days', '2030-01-03', '2030-01-05')",
  );
  const product = await one<{ id: number }>(
    `insert into products (name, slug, mode, price_cents, gather_price_cents, market_price_cents, category_id,
       stock, is_published)
     values ('限時搶購和牛', 'bench-flash', 'instock', 9800, 9800, 12800, $1, $2, true) returning id`,
    [category.id, options.stock],
  );
  const members = await pool.query<{ id: string }>(
    `insert into members (phone, first_name, last_name, email)
     select (60000000 + n)::text, '會員' || n, '測試', 'bench' || n || '@example.com'
     from generate_series(1, $1::int) as n returning id`,
    [options.shoppers],
  );
  const ids = members.rows.map(({ id }) => id);
  const cookies = await sessionCookies(database, ids);
  const shoppers = ids.map((id, i) => ({ id, cookie: cookies[i]! }));
  await pool.query("vacuum analyze");
  return { productId: product.id, pointId: point.id, shoppers };
}

/**
 * A session for each member, made by the shop's own sign-in service, as the `cookie` request header
 * the server reads: `gather_session=<token>` (app/auth/session.server.ts; the benches' server runs
 * with SHOP_MODE=demo, so not the production name `__Host-gather_session`).
 */
export async function sessionCookies(database: Database, memberIds: string[]): Promise<string[]> {
  const services = createServices({ db: database.db, log: pino({ level: "silent" }), env: parseEnv({}) });
  const cookieJar = createCookie("gather_session");
  const cookies: string[] = [];
  for (const id of memberIds) {
    const { token } = await services.members.auth.createSession(id, {});
    cookies.push((await cookieJar.serialize(token)).split(";")[0]!);
  }
  return cookies;
}

/** `quantity` of the shop's product in each member's cart (replacing what was there). */
export async function fillCarts(
  database: Database,
  shop: Shop,
  memberIds: string[],
  quantity: (i: number) => number,
) {
  await database.pool.query(
    `insert into cart_items (member_id, product_id, quantity)
     select member_id, $1, quantity from unnest($2::uuid[], $3::int[]) as t(member_id, quantity)
     on conflict (member_id, product_id) do update set quantity = excluded.quantity`,
    [shop.productId, memberIds, memberIds.map((_, i) => quantity(i))],
  );
}

/**
 * A refused checkout answers 409 with the reason, or — when the refusal leaves nothing in the cart
 * that can be bought, e.g. sold out — 302 back to /cart, where the member sees why.
 */
export type Answer =
  | { placed: true; ms: number }
  | { placed: false; status: number; location: string; ms: number };

export function soldOut(answer: Answer): boolean {
  return !answer.placed && (answer.status === 409 || (answer.status === 302 && answer.location === "/cart"));
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * POST /checkout as the browser sends it: without the page's JavaScript a form post (placed: 302
 * to the payment or the order); with it (`script`), React Router's fetch of `/checkout.data`
 * (placed: 202 with that redirect in its body; refused: the action's 409 without the page).
 */
export function checkout(baseUrl: string, shop: Shop, cookie: string, script = false): Promise<Answer> {
  const body = new URLSearchParams({
    intent: "place",
    pickupPointId: String(shop.pointId),
    idempotencyKey: randomUUID(),
    productIds: String(shop.productId),
  }).toString();
  return post(
    new URL(script ? "/checkout.data" : "/checkout", baseUrl),
    body,
    cookie,
    script,
    performance.now(),
  );
}

/**
 * One checkout post. A kept-alive socket the server closed (idle past its keep-alive timeout) just
 * as it was reused fails with ECONNRESET before the server read the request; as Node's documentation
 * advises (`request.reusedSocket`), it is sent again on a new socket, with the same idempotency key,
 * so that even a request the server did read is the same order, not a second one.
 */
function post(url: URL, body: string, cookie: string, script: boolean, started: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          cookie,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => {
          if (script) chunks.push(chunk);
        });
        response.on("end", () => {
          const ms = performance.now() - started;
          const location = response.headers.location ?? "";
          const redirectedTo = script ? Buffer.concat(chunks).toString("utf8") : location;
          const expected = script ? 202 : 302;
          if (response.statusCode === expected && /\/(payment\?order|order\?placed)=/.test(redirectedTo))
            resolve({ placed: true, ms });
          else resolve({ placed: false, status: response.statusCode ?? 0, location, ms });
        });
      },
    );
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      if (outgoing.reusedSocket && error.code === "ECONNRESET")
        resolve(post(url, body, cookie, script, started));
      else reject(error);
    });
    outgoing.end(body);
  });
}

export function closeAgent() {
  agent.destroy();
}
