import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, products, siteSettings } from "../../app/db/schema/index.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { chineseLeftIn, keysLeftIn } from "../helpers/english.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import { request } from "../helpers/net.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { serveShopForFile } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { createCycle, createProduct } from "./catalogue-fixtures.ts";
import { closedCycle, paidOrder } from "./settlement-fixtures.ts";

/**
 * The `shop` message group in English (issue 48, decision 0054): the cart, checkout, orders, receipt,
 * payment and dDollar pages under /en with a member's real cart, orders and dDollar records, nothing
 * left in Chinese but the shop's own content marked zh-HK (a pickup point, an order line's name, a
 * staff note), no message key shown as itself; their redirects stay in English; the zh-HK pages are
 * as they were.
 */

const database = setupTestDatabase();

let shopper: MemberRow;
let emptyCart: MemberRow;
/** Placed at checkout, waiting for payment (PayMe, FPS), and one paid by card through the sandbox. */
let pending: { number: string };
let byCard: { number: string };
/** Paid in a closed cycle, with a 10 % code and a weight-priced line. */
let paid: { number: string };
let pointId: number;
let categoryId: number;
const cookies = new Map<string, string>();

const sessionCookie = (memberId: string) => memberSessionCookie(database.services, memberId);

const shop = serveShopForFile(() => database.url, {
  prepare: async () => {
    const { db, services } = database;
    // An English category name: the side menu's category names are another change's (content) work.
    const category = await createCategory(db, { name: "Meat", slug: "meat" });
    const district = await createDistrict(db, { name: "觀塘" });
    // An English name, no English address: the address shows in Chinese, marked.
    const point = await createPickupPoint(db, {
      districtId: district.id,
      name: "觀塘站",
      nameEn: "Kwun Tong Station",
      address: "九龍觀塘開源道 50 號",
      deliveryChargeCents: 1_500,
    });
    await createCycle(db);
    pointId = point.id;
    categoryId = category.id;
    const wagyu = await createProduct(db, {
      categoryId: category.id,
      name: "澳洲和牛西冷扒",
      nameEn: "Australian Wagyu Sirloin",
      mode: "general",
      priceCents: 23_800,
      gatherPriceCents: 19_800,
      unit: "磅",
      defaultWeight: 2.5,
    });
    const tofu = await createProduct(db, {
      categoryId: category.id,
      name: "布包豆腐",
      nameEn: "Cloth-wrapped Tofu",
      mode: "instock",
      stock: 50,
    });
    // No English name: its order line shows the Chinese one, marked.
    const fishBalls = await createProduct(db, {
      categoryId: category.id,
      name: "手打魚蛋",
      nameEn: "",
      mode: "instock",
      stock: 50,
    });
    const admin = await createMember(db, { type: "admin" });
    shopper = await createMember(db, { lastName: "Chan ", firstName: "Ann" });
    emptyCart = await createMember(db, { lastName: "Lee ", firstName: "Bo" });
    cookies.set(shopper.id, await sessionCookie(shopper.id));
    cookies.set(emptyCart.id, await sessionCookie(emptyCart.id));
    // A staff member's note in Chinese, as the back office writes it.
    await services.dollars.adjust({
      member: { id: shopper.id },
      amountCents: 2_000,
      note: "補償遲到",
      adminId: admin.id,
    });
    const place = async (...products: { id: number }[]) => {
      for (const product of products) await services.cart.add(shopper.id, product.id);
      const placed = await services.orders.placeOrder(shopper.id, {
        pickupPointId: point.id,
        remark: "",
        ageConfirmed: false,
        idempotencyKey: randomUUID(),
      });
      if (placed.status === "refused") throw new Error(`order refused: ${placed.reason}`);
      return placed;
    };
    pending = await place(tofu, fishBalls);
    byCard = await place(tofu);
    // The cart the cart and checkout pages show: one line, selected.
    await services.cart.add(shopper.id, wagyu.id);
    const closed = await closedCycle(db, 2, { pickupFrom: "2030-01-03", pickupTo: "2030-01-05" });
    paid = await paidOrder(db, {
      cycleId: closed.id,
      memberId: shopper.id,
      pickupPointId: point.id,
      percentageDiscount: 90,
      lines: [{ product: wagyu, quantity: 1 }],
    });
    // FPS is offered once the shop's settings name an identifier.
    const fps = { fpsIdentifier: "1234567", fpsAccountName: "齊齊買有限公司" };
    await db
      .insert(siteSettings)
      .values({ id: 1, ...fps })
      .onConflictDoUpdate({ target: siteSettings.id, set: fps });
  },
});

function send(who: MemberRow, url: string, form?: Record<string, string>) {
  const headers: Record<string, string> = { cookie: cookies.get(who.id)! };
  if (!form) return request(shop().url, url, { headers });
  headers["content-type"] = "application/x-www-form-urlencoded";
  return request(shop().url, url, { method: "POST", headers, body: new URLSearchParams(form).toString() });
}
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

/** Each English page, and words of its own that show it is in English. */
const englishPages = (): [string, (string | RegExp)[]][] => [
  [
    "/en/cart",
    [
      "<title>Cart | Gather</title>",
      "Australian Wagyu Sirloin",
      "Your price",
      "HK$238.00",
      "1 item selected",
    ],
  ],
  [
    "/en/checkout",
    [
      "Pickup point",
      "Place order",
      "Australian Wagyu Sirloin × 1",
      /This cycle closes \w{3} \d{1,2} \w{3} \d{4}, \d\d:\d\d/,
    ],
  ],
  [
    "/en/order",
    [
      "<title>My orders | Gather</title>",
      `Order ${pending.number}`,
      "Pickup: Thu 3 Jan 2030 to Sat 5 Jan 2030",
      "Statement",
      "Estimated 2.5 lb",
    ],
  ],
  ["/en/order/print", ["Print orders", "Member: Chan Ann", "Paid: Card (demo) HK$"]],
  [`/en/invoice?order=${paid.number}`, ["<title>Receipt ", "Discount code (10% off)", "Unit price", "/lb"]],
  [
    `/en/invoice?order=${pending.number}`,
    ["Order details (not paid)", "Not paid: this order hasn&#x27;t been paid yet."],
  ],
  [
    `/en/payment?order=${pending.number}`,
    ["Choose how to pay", "Amount to pay", /Plus a [\d.]+% card fee of HK\$/],
  ],
  [`/en/payment/payme?order=${pending.number}`, ["Pay by PayMe", "I&#x27;ve paid"]],
  [`/en/payment/fps?order=${pending.number}`, ["Pay by FPS", "Payee", "Amount (HKD)"]],
  [`/en/payment/fail?order=${pending.number}`, ["Payment not completed", "Try again"]],
  [
    "/en/account/dollar",
    ["<title>My dDollar | Gather</title>", "dDollar balance", "Customer service adjustment"],
  ],
];

describe("the shop's pages in English", () => {
  it("leave nothing in Chinese but the shop's own content marked zh-HK, and no message key", async () => {
    for (const [url, words] of englishPages()) {
      const { status, body } = await send(shopper, url);
      expect(status, url).toBe(200);
      expect(htmlLang(body), url).toBe("en");
      expect(chineseLeftIn(body), url).toEqual([]);
      expect(keysLeftIn(body), url).toEqual([]);
      for (const word of words) expect(body, url).toMatch(word);
    }
  });

  it("show a product's and a pickup point's English, and their Chinese marked where they have none", async () => {
    for (const url of ["/en/order", `/en/invoice?order=${pending.number}`]) {
      const page = (await send(shopper, url)).body;
      expect(page, url).toContain('Kwun Tong Station (<span lang="zh-HK">九龍觀塘開源道 50 號</span>)');
      expect(page, url).toMatch(/>Cloth-wrapped Tofu( × 1)?</);
      expect(page, url).toMatch(/<span lang="zh-HK">手打魚蛋<\/span>( × 1)?</);
      expect(page, url).not.toContain("布包豆腐");
    }
    const print = (await send(shopper, "/en/order/print")).body;
    expect(print).toContain("Australian Wagyu Sirloin × 1");
    expect(print).toContain("Kwun Tong Station");
    const dollar = (await send(shopper, "/en/account/dollar")).body;
    expect(dollar).toMatch(/<span[^>]*lang="zh-HK"[^>]*>補償遲到<\/span>/);
  });

  it("name sold-out goods in English at checkout and in the cart, a Chinese-only name marked", async () => {
    const { db, services } = database;
    const scallops = await createProduct(db, {
      categoryId,
      name: "急凍帶子",
      nameEn: "Frozen Scallops",
      mode: "instock",
      stock: 5,
    });
    const dumplings = await createProduct(db, {
      categoryId,
      name: "魚皮餃",
      nameEn: "",
      mode: "instock",
      stock: 5,
    });
    // One line still to be had, so the page comes back with the refusal rather than to an empty cart.
    const squid = await createProduct(db, { categoryId, name: "魷魚", mode: "instock", stock: 5 });
    const buyer = await createMember(db);
    cookies.set(buyer.id, await sessionCookie(buyer.id));
    await services.cart.add(buyer.id, squid.id);
    const soldOut = [scallops.id, dumplings.id];
    /** Both in the cart, then sold out before the next request (a page shown drops them). */
    const soldOutInCart = async () => {
      await db.update(products).set({ stock: 5 }).where(inArray(products.id, soldOut));
      for (const id of soldOut) await services.cart.add(buyer.id, id);
      await db.update(products).set({ stock: 0 }).where(inArray(products.id, soldOut));
    };
    const place = (url: string) =>
      send(buyer, url, { intent: "place", pickupPointId: String(pointId), idempotencyKey: randomUUID() });
    const named = 'Frozen Scallops, <span lang="zh-HK">魚皮餃</span>';
    // React parts adjacent texts with an empty comment.
    const shown = (html: string) => html.replaceAll("<!-- -->", "");

    await soldOutInCart();
    const zh = await place("/checkout");
    expect(zh.status).toBe(409);
    expect(zh.body).toContain("抱歉，以下貨品已被搶購一空：急凍帶子、魚皮餃");
    await soldOutInCart();
    const en = await place("/en/checkout");
    expect(en.status).toBe(409);
    expect(shown(en.body)).toContain(`Sorry, these items have sold out: ${named}`);
    await soldOutInCart();
    expect(shown((await send(buyer, "/en/cart")).body)).toContain(`Removed: ${named}`);
  });

  it("answer a checkout with a bad pickup point in English", async () => {
    const { status, body } = await send(shopper, "/en/checkout", {
      intent: "place",
      pickupPointId: "abc",
      idempotencyKey: randomUUID(),
    });
    expect(status).toBe(400);
    expect(htmlLang(body)).toBe("en");
    expect(body).toContain(">Must be a number<");
    expect(chineseLeftIn(body)).toEqual([]);
  });

  it("keep their redirects in English: an empty cart, a payment method, the sandbox and its result", async () => {
    const empty = await send(emptyCart, "/en/checkout");
    expect(empty.status).toBe(302);
    expect(empty.headers.location).toBe("/en/cart");
    const payme = await send(shopper, `/en/payment?order=${pending.number}`, { method: "payme" });
    expect(payme.headers.location).toBe(`/en/payment/payme?order=${pending.number}`);

    const card = await send(shopper, `/en/payment?order=${byCard.number}`, { method: "card" });
    expect(card.status).toBe(302);
    const sandbox = card.headers.location!;
    expect(sandbox).toMatch(/^\/en\/payment\/sandbox\?ref=/);
    const page = await send(shopper, sandbox);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Test payment page (demo mode)");
    expect(chineseLeftIn(page.body)).toEqual([]);
    expect(keysLeftIn(page.body)).toEqual([]);
    const result = await send(shopper, sandbox, { outcome: "success" });
    expect(result.headers.location).toBe(`/en/payment/success?order=${byCard.number}`);
    const success = await send(shopper, result.headers.location!);
    expect(success.body).toContain("Payment successful");
    expect(success.body).toContain(`Thank you! Order ${byCard.number} is paid.`);
    expect(chineseLeftIn(success.body)).toEqual([]);
    const [row] = await database.db.select().from(orders).where(eq(orders.number, byCard.number));
    expect(row!.status).toBe("paid");
  });
});

describe("the same pages in zh-HK", () => {
  it("are as they were, in Chinese", async () => {
    const pages: [string, string][] = [
      ["/cart", "適用價錢"],
      ["/checkout", "確認訂單"],
      ["/order", "取貨日期：2030年1月3日（星期四） 至 2030年1月5日（星期六）"],
      ["/order", "布包豆腐 × 1"],
      ["/order", "觀塘站（九龍觀塘開源道 50 號）"],
      [`/invoice?order=${paid.number}`, "優惠碼折扣（9折）"],
      [`/payment?order=${pending.number}`, "選擇付款方式"],
      ["/account/dollar", "客戶服務調整"],
    ];
    for (const [url, words] of pages) {
      const { status, body } = await send(shopper, url);
      expect(status, url).toBe(200);
      expect(htmlLang(body), url).toBe("zh-HK");
      expect(body, url).toContain(words);
      expect(body, url).not.toContain('<span lang="zh-HK">');
      // No amount in HK English ("HK$238.00"): the zh-HK pages write "$238.00".
      expect(body, url).not.toMatch(/HK\$[\d,]+\.\d\d/);
    }
  });
});
