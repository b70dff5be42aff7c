import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { cartItems, discountCodes, members, orders, sessions } from "../../app/db/schema/index.ts";
import { codeIn, uniqueIp, uniquePhone } from "../helpers/auth.ts";
import { devOutbox, postForm, setCookie } from "../helpers/auth-http.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import { freePort, type RawResponse, request } from "../helpers/net.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { createCycle, createProduct, type ProductRow } from "./catalogue-fixtures.ts";

/**
 * Issue 30 item 6 over HTTP, against the built server: every storefront form posted as a browser
 * without JavaScript posts it (plain application/x-www-form-urlencoded to the page's own address,
 * not React Router's `.data`) is answered with a redirect back and does its work: add to cart from
 * a listing and from a product's drawer, quantity − / +, select, remove, the discount code, the
 * pickup point's district, placing the order, paying in the sandbox, sign-in and registration.
 */

const database = setupTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-no-script-"));
let server: ServedShop;
let beef: ProductRow;
let pork: ProductRow;
let district: { id: number };
let point: { id: number; name: string };

async function cookieOf(member: MemberRow): Promise<string> {
  const { token } = await database.services.members.auth.createSession(member.id, {});
  return (await createCookie("gather_session").serialize(token)).split(";")[0]!;
}

/** A form post as the browser sends it, with the member's session cookie (if any). */
function post(cookie: string | null, url: string, form: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  return request(server.url, url, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: server.url,
      ...(cookie ? { cookie } : {}),
    },
    body: body.toString(),
  });
}

const get = (cookie: string, url: string) => request(server.url, url, { headers: { cookie } });

async function toastOf(response: RawResponse) {
  const header = (response.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith("gather_toast="));
  return header ? await createCookie("gather_toast").parse(header.split(";")[0]!) : null;
}

async function cartOf(member: MemberRow) {
  const rows = await database.db
    .select({ productId: cartItems.productId, quantity: cartItems.quantity, selected: cartItems.selected })
    .from(cartItems)
    .where(eq(cartItems.memberId, member.id));
  return Object.fromEntries(
    rows.map((row) => [row.productId, { quantity: row.quantity, selected: row.selected }]),
  );
}

/** Every value of the hidden `name` fields in a page's HTML. */
function hiddenValues(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`, "g"))].map(
    (match) => match[1]!,
  );
}

beforeAll(async () => {
  const { db } = database;
  const category = await createCategory(db);
  district = await createDistrict(db);
  point = await createPickupPoint(db, { districtId: district.id, deliveryChargeCents: 0 });
  const [open] = await db
    .execute<{ id: number }>(sql`select id from order_cycles where status = 'open'`)
    .then((result) => result.rows);
  if (!open) await createCycle(db);
  beef = await createProduct(db, {
    categoryId: category.id,
    mode: "instock",
    stock: 50,
    gatherPriceCents: 8_000,
    priceCents: 8_000,
    name: "無腳本牛扒",
  });
  pork = await createProduct(db, {
    categoryId: category.id,
    mode: "instock",
    stock: 50,
    gatherPriceCents: 4_000,
    priceCents: 4_000,
    name: "無腳本豬扒",
  });
  fs.chmodSync(dataDir, 0o755);
  server = await serveShop({
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    GATHER_BUILD_DIR: inject("buildDir"),
    LOG_LEVEL: "warn",
    // Sign-in and registration play clients on addresses of their own, as a proxy on loopback would.
    TRUST_PROXY: "loopback",
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe("the cart's forms without JavaScript", () => {
  it("the listing's and the drawer's add-to-cart buttons are forms posting to /cart with the page to come back to", async () => {
    const member = await createMember(database.db);
    const listing = await get(await cookieOf(member), "/instock");
    expect(listing.status).toBe(200);
    // One form for the grid; each card's button names it and carries its own product.
    const gridForm = listing.body.match(/<form id="([^"]+)"[^>]*action="\/cart" method="post">/);
    expect(gridForm).not.toBeNull();
    const buttons = listing.body.match(/<button [^>]*name="productId"[^>]*>/g) ?? [];
    expect(buttons.length).toBeGreaterThan(1);
    for (const button of buttons) expect(button).toContain(`form="${gridForm![1]}"`);
    expect(buttons.some((button) => button.includes(`value="${beef.id}"`))).toBe(true);
    expect(hiddenValues(listing.body, "back")).toContain("/instock");
    const drawer = await get(await cookieOf(member), `/instock?product=${beef.id}`);
    expect(hiddenValues(drawer.body, "back")).toContain(`/instock?product=${beef.id}`);
  });

  it("adds from a listing and from a drawer, each time back to the page it was on with the toast", async () => {
    const member = await createMember(database.db);
    const cookie = await cookieOf(member);
    const fromListing = await post(cookie, "/cart", {
      intent: "add",
      productId: String(beef.id),
      back: "/instock?sort=price-asc",
    });
    expect(fromListing.status).toBe(303);
    expect(fromListing.headers.location).toBe("/instock?sort=price-asc");
    expect(await toastOf(fromListing)).toEqual({ kind: "success", key: "toast.cart.added" });

    const fromDrawer = await post(cookie, "/cart", {
      intent: "add",
      productId: String(pork.id),
      back: `/all?product=${pork.id}`,
    });
    expect(fromDrawer.status).toBe(303);
    expect(fromDrawer.headers.location).toBe(`/all?product=${pork.id}`);
    expect(await cartOf(member)).toEqual({
      [beef.id]: { quantity: 1, selected: true },
      [pork.id]: { quantity: 1, selected: true },
    });
    // The page it comes back to shows the toast in its own HTML, for a browser with no script to show it.
    const back = await get(
      `${cookie}; gather_toast=${setCookie(fromDrawer, "gather_toast")!.value}`,
      "/cart",
    );
    expect(back.body).toContain("已加入購物車");
  });

  it("changes a quantity, unselects and selects, and removes a line, back on /cart each time", async () => {
    const member = await createMember(database.db);
    const cookie = await cookieOf(member);
    await database.services.cart.add(member.id, beef.id);
    await database.services.cart.add(member.id, pork.id);
    const page = await get(cookie, "/cart");
    // The buttons submit each line's own form (at a quantity of 1, − removes the line).
    for (const intent of ["increase", "remove"]) {
      expect(page.body).toContain(`form="cart-line-${beef.id}" value="${intent}"`);
    }
    expect(page.body).toMatch(
      new RegExp(`<form [^>]*id="cart-line-${beef.id}"[^>]*action="/cart" method="post"`),
    );

    const increased = await post(cookie, "/cart", { intent: "increase", productId: String(beef.id) });
    expect(increased.status).toBe(303);
    expect(increased.headers.location).toBe("/cart");
    expect(await toastOf(increased)).toEqual({ kind: "info", key: "toast.cart.updated" });
    await post(cookie, "/cart", { intent: "increase", productId: String(beef.id) });
    const decreased = await post(cookie, "/cart", { intent: "decrease", productId: String(beef.id) });
    expect(decreased.status).toBe(303);
    expect((await cartOf(member))[beef.id]).toEqual({ quantity: 2, selected: true });

    const unselected = await post(cookie, "/cart", { intent: "unselect", productId: String(pork.id) });
    expect(unselected.status).toBe(303);
    expect((await cartOf(member))[pork.id]).toEqual({ quantity: 1, selected: false });
    await post(cookie, "/cart", { intent: "select", productId: String(pork.id) });
    expect((await cartOf(member))[pork.id]).toEqual({ quantity: 1, selected: true });

    const removed = await post(cookie, "/cart", { intent: "remove", productId: String(pork.id) });
    expect(removed.status).toBe(303);
    expect(removed.headers.location).toBe("/cart");
    expect(await toastOf(removed)).toEqual({ kind: "info", key: "toast.cart.removed" });
    expect(await cartOf(member)).toEqual({ [beef.id]: { quantity: 2, selected: true } });
  });

  it("goes back only to a page of this shop", async () => {
    const member = await createMember(database.db);
    const response = await post(await cookieOf(member), "/cart", {
      intent: "add",
      productId: String(beef.id),
      back: "//evil.example/all",
    });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe("/cart");
  });

  it("sends a visitor to sign in first, to come back to the product", async () => {
    const response = await post(null, "/cart", {
      intent: "add",
      productId: String(beef.id),
      back: `/all?product=${beef.id}`,
    });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(
      `/login?redirectTo=${encodeURIComponent(`/all?product=${beef.id}`)}`,
    );
    expect(await toastOf(response)).toEqual({ kind: "info", key: "toast.loginRequired" });
  });

  it("answers React Router's script with data, not a redirect", async () => {
    const member = await createMember(database.db);
    const response = await post(await cookieOf(member), "/cart.data", {
      intent: "add",
      productId: String(beef.id),
      back: "/all",
    });
    expect(response.status).toBe(200);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain("added");
    expect((await cartOf(member))[beef.id]).toEqual({ quantity: 1, selected: true });
  });
});

describe("checkout without JavaScript", () => {
  it("applies a discount code, shows a district's points, places the order and pays in the sandbox", async () => {
    await database.db.insert(discountCodes).values({ code: "NOJS8", percentageDiscount: 80 });
    const member = await createMember(database.db);
    const cookie = await cookieOf(member);
    await database.services.cart.add(member.id, beef.id);

    const code = await post(cookie, "/checkout", {
      intent: "draft",
      discountCode: "NOJS8",
      back: "/checkout",
    });
    expect(code.status).toBe(303);
    expect(code.headers.location).toBe("/checkout");
    const withCode = await get(cookie, "/checkout");
    expect(withCode.body).toContain("NOJS8");
    expect(hiddenValues(withCode.body, "discountCode")).toEqual(["NOJS8"]);

    // The district picker is a GET form; its page lists that district's points to tick.
    expect(withCode.body).toContain('form="checkout-district"');
    expect(withCode.body).not.toContain(`name="pickupPointId" value="${point.id}"`);
    const withDistrict = await get(cookie, `/checkout?district=${district.id}`);
    expect(withDistrict.body).toContain(`name="pickupPointId" value="${point.id}"`);

    const placed = await post(cookie, `/checkout?district=${district.id}`, {
      idempotencyKey: hiddenValues(withDistrict.body, "idempotencyKey")[0]!,
      discountCode: "NOJS8",
      productIds: hiddenValues(withDistrict.body, "productIds"),
      pickupPointId: String(point.id),
      remark: "",
      intent: "place",
    });
    expect(placed.status).toBe(302);
    const [order] = await database.db
      .select()
      .from(orders)
      .where(and(eq(orders.memberId, member.id), eq(orders.status, "pending_payment")));
    expect(order).toBeDefined();
    expect(order!.percentageDiscount).toBe(80);
    expect(placed.headers.location).toBe(`/payment?order=${order!.number}`);

    const card = await post(cookie, `/payment?order=${order!.number}`, { method: "card" });
    expect(card.status).toBe(302);
    const sandbox = new URL(card.headers.location!, server.url);
    const paid = await post(cookie, sandbox.pathname + sandbox.search, { outcome: "success" });
    expect(paid.status).toBe(302);
    expect(paid.headers.location).toBe(`/payment/success?order=${order!.number}`);
    const [after] = await database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(after!.status).toBe("paid");
  });
});

describe("sign-in and registration without JavaScript", () => {
  async function codeFor(phone: string): Promise<string> {
    const newest = (await devOutbox(server.url, phone)).find((message) => message.body.includes("驗證碼"));
    return codeIn(newest!.body);
  }

  it("sends the code (the page says so in its HTML and keeps the number), then signs in and goes back", async () => {
    const member = await createMember(database.db, { phone: uniquePhone() });
    const ip = uniqueIp();
    const sent = await postForm(
      server.url,
      "/login?redirectTo=%2Fcart",
      { intent: "send-code", phone: member.phone, redirectTo: "/cart", code: "" },
      { "x-forwarded-for": ip, origin: server.url },
    );
    expect(sent.status).toBe(200);
    expect(sent.body).toContain("驗證碼已發送");
    expect(sent.body).toContain(`value="${member.phone}"`);

    const signedIn = await postForm(
      server.url,
      "/login?redirectTo=%2Fcart",
      { intent: "login", phone: member.phone, code: await codeFor(member.phone), redirectTo: "/cart" },
      { "x-forwarded-for": ip, origin: server.url },
    );
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.location).toBe("/cart");
    expect(setCookie(signedIn, "gather_session")?.value).toBeTruthy();
    const [row] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.memberId, member.id));
    expect(row!.count).toBeGreaterThan(0);
  });

  it("registers: the code, then the form, to /success-registration signed in", async () => {
    const phone = uniquePhone();
    const ip = uniqueIp();
    const sent = await postForm(
      server.url,
      "/register",
      { intent: "send-code", phone },
      { "x-forwarded-for": ip, origin: server.url },
    );
    expect(sent.status).toBe(200);
    expect(sent.body).toContain("驗證碼已發送");

    const registered = await postForm(
      server.url,
      "/register",
      {
        intent: "register",
        phone,
        code: await codeFor(phone),
        lastName: "張",
        firstName: "無腳本",
        email: `nojs${phone}@example.hk`,
        gender: "",
        area: "",
        adminDistrict: "",
        district: "",
        referrer: "",
      },
      { "x-forwarded-for": ip, origin: server.url },
    );
    expect(registered.status).toBe(302);
    expect(registered.headers.location).toBe("/success-registration");
    expect(setCookie(registered, "gather_session")?.value).toBeTruthy();
    const [created] = await database.db.select().from(members).where(eq(members.phone, phone));
    expect(created?.firstName).toBe("無腳本");
  });
});
