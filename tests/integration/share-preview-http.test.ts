import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createMerchant, createPickupPoint } from "../helpers/factories.ts";
import { freePort, request } from "../helpers/net.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember } from "./admin-fixtures.ts";
import { createCycle, createProduct, type ProductRow } from "./catalogue-fixtures.ts";
import { paidOrder } from "./settlement-fixtures.ts";

/**
 * Deals that share well (issue 31 item 3), checked as WhatsApp's link preview sees them: a product,
 * a merchant page and `/` fetched without cookies, their og: tags read from the HTML, the og:image
 * fetched and measured; a new order changes the picture; bad ids answer 404, never 500.
 */

const database = setupTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-share-"));
const PHOTO = { r: 40, g: 150, b: 140 };
let server: ServedShop;
let wagyu: ProductRow;
let hidden: ProductRow;
let merchant: { id: number; slug: string };
let cycleId: number;
let pickupPointId: number;

beforeAll(async () => {
  const { db } = database;
  // The product's photo lives in storage (DATA_DIR/uploads), as an admin upload leaves it.
  const photoFile = path.join(dataDir, "uploads", "products", "share-test-640w.webp");
  fs.mkdirSync(path.dirname(photoFile), { recursive: true });
  await sharp({ create: { width: 640, height: 640, channels: 3, background: PHOTO } })
    .webp()
    .toFile(photoFile);
  const meat = await createCategory(db, { name: "肉類", slug: "meat" });
  merchant = await createMerchant(db, { name: "新記", slug: "san-kee" });
  wagyu = await createProduct(db, {
    categoryId: meat.id,
    name: "澳洲和牛西冷扒",
    nameEn: "Australian Wagyu Sirloin",
    description: "昆士蘭穀飼和牛。",
    mode: "limited",
    gatherPriceCents: 19_800,
    priceCents: 23_800,
    marketPriceCents: 26_800,
    targetBuyers: 10,
    merchantId: merchant.id,
    images: ["/uploads/products/share-test-640w.webp"],
  });
  hidden = await createProduct(db, { categoryId: meat.id, name: "未上架", isPublished: false });
  const cycle = await createCycle(db, { cutoffAt: new Date("2030-01-02T12:00:00Z") });
  cycleId = cycle.id;
  const district = await createDistrict(db);
  pickupPointId = (await createPickupPoint(db, { districtId: district.id })).id;
  for (let i = 0; i < 3; i++) await buy();
  fs.chmodSync(dataDir, 0o755);
  server = await serveShop({
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    GATHER_BUILD_DIR: inject("buildDir"),
    LOG_LEVEL: "warn",
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** One more member with a paid order of the wagyu in the open cycle: one more buyer. */
async function buy() {
  const member = await createMember(database.db);
  await paidOrder(database.db, {
    cycleId,
    memberId: member.id,
    pickupPointId,
    lines: [{ product: wagyu, quantity: 1 }],
  });
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** What a chat app's crawler reads: the page's meta tags, by property or name. */
function metaOf(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const [tag] of html.matchAll(/<meta [^>]*>/g)) {
    const key = /(?:property|name)="([^"]+)"/.exec(tag)?.[1];
    const content = /content="([^"]*)"/.exec(tag)?.[1];
    if (key && content !== undefined && !tags.has(key)) tags.set(key, decode(content));
  }
  return tags;
}

async function preview(pagePath: string) {
  const page = await request(server.url, pagePath, { headers: { "user-agent": "WhatsApp/2.23.20.0 A" } });
  expect(page.status, pagePath).toBe(200);
  const meta = metaOf(page.body);
  const image = meta.get("og:image");
  expect(image, `${pagePath} og:image`).toBeTruthy();
  expect(meta.get("twitter:card")).toBe("summary_large_image");
  // X falls back to the og: tags; the page does not say them twice.
  expect(meta.get("twitter:image")).toBeUndefined();
  expect(meta.get("og:title")).toBeTruthy();
  expect(meta.get("og:description")).toBeTruthy();
  expect(meta.get("og:url")).toMatch(/^http:\/\//);
  return { meta, image: image as string, html: page.body };
}

async function fetchImage(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  return { response, body };
}

async function expectSharePicture(url: string) {
  expect(url.startsWith(server.url)).toBe(true);
  const { response, body } = await fetchImage(url);
  expect(response.status, url).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^image\/(jpeg|png)$/);
  expect(response.headers.get("cache-control")).toMatch(/max-age=\d+/);
  expect(response.headers.get("etag")).toBeTruthy();
  expect(body.length).toBeGreaterThan(5_000);
  expect(body.length).toBeLessThanOrEqual(300 * 1024);
  const metadata = await sharp(body).metadata();
  expect([metadata.width, metadata.height]).toEqual([1200, 630]);
  return { response, body };
}

describe("a shared product link", () => {
  it("previews the product: its name, group price, live progress, cut-off and a 1200×630 picture", async () => {
    const { meta, image } = await preview(`/all?product=${wagyu.id}`);
    expect(meta.get("og:title")).toBe("澳洲和牛西冷扒 | 齊齊買");
    expect(meta.get("og:type")).toBe("product");
    expect(meta.get("og:url")).toBe(`${server.url}/all?product=${wagyu.id}`);
    const description = meta.get("og:description") ?? "";
    expect(description).toContain("成團價 $198.00");
    expect(description).toContain("已有 3 人參加，還差 7 人成團");
    // 2030-01-02 12:00 UTC is 20:00 in Hong Kong.
    expect(description).toContain("1月2日（星期三）20:00（香港時間）");
    expect(image).toMatch(new RegExp(`^${server.url}/og/product/${wagyu.id}\\.jpg\\?v=[0-9a-z]+$`));

    const { body } = await expectSharePicture(image);
    // The product's own photo, read from storage, fills the left of the picture.
    const { data } = await sharp(body).extract({ left: 300, top: 300, width: 1, height: 1 }).raw().toBuffer({
      resolveWithObject: true,
    });
    expect(Math.abs((data[0] ?? 0) - PHOTO.r)).toBeLessThan(20);
    expect(Math.abs((data[1] ?? 0) - PHOTO.g)).toBeLessThan(20);
    expect(Math.abs((data[2] ?? 0) - PHOTO.b)).toBeLessThan(20);
  });

  it("answers a second fetch with the same ETag and a 304 when asked with it", async () => {
    const { image } = await preview(`/all?product=${wagyu.id}`);
    const first = await fetchImage(image);
    const etag = first.response.headers.get("etag") ?? "";
    const again = await fetchImage(image, { "if-none-match": etag });
    expect(again.response.status).toBe(304);
  });

  it("is drawn again with the live count after a new order: new address and new ETag", async () => {
    const before = await preview(`/all?product=${wagyu.id}`);
    const beforeTag = (await fetchImage(before.image)).response.headers.get("etag");
    await buy();
    // Pages for visitors without cookies are kept a second (decision 0020).
    await expect
      .poll(async () => (await preview(`/all?product=${wagyu.id}`)).image, { timeout: 10_000 })
      .not.toBe(before.image);
    const after = await preview(`/all?product=${wagyu.id}`);
    expect(after.meta.get("og:description")).toContain("已有 4 人參加，還差 6 人成團");
    const { response } = await expectSharePicture(after.image);
    expect(response.headers.get("etag")).not.toBe(beforeTag);
    // The picture's own address, fetched without the version, is also the live one.
    const plain = await fetchImage(`${server.url}/og/product/${wagyu.id}.jpg`);
    expect(plain.response.headers.get("etag")).toBe(response.headers.get("etag"));
  });

  it("previews the same product on the merchant's page and the home page's drawer", async () => {
    for (const page of [
      `/merchant/${merchant.slug}/${merchant.id}?product=${wagyu.id}`,
      `/?product=${wagyu.id}`,
    ]) {
      const { meta } = await preview(page);
      expect(meta.get("og:title"), page).toBe("澳洲和牛西冷扒 | 齊齊買");
      expect(meta.get("og:image"), page).toContain(`/og/product/${wagyu.id}.jpg?v=`);
    }
  });
});

describe("merchant and home pages", () => {
  it("preview a merchant with its own picture", async () => {
    const { meta, image } = await preview(`/merchant/${merchant.slug}/${merchant.id}`);
    expect(meta.get("og:title")).toBe("新記 | 齊齊買");
    expect(meta.get("og:type")).toBe("website");
    expect(image).toBe(`${server.url}/og/merchant/${merchant.id}.jpg`);
    await expectSharePicture(image);
  });

  it("preview the home page with the shop's picture", async () => {
    const { image } = await preview("/");
    expect(image).toBe(`${server.url}/og/home.jpg`);
    await expectSharePicture(image);
  });
});

describe("a link shared from an English page (issue 48 item 4)", () => {
  it("previews the product in English: name, HK$ price, progress, cut-off and an English picture", async () => {
    const { meta, image, html } = await preview(`/en/all?product=${wagyu.id}`);
    expect(meta.get("og:title")).toBe("Australian Wagyu Sirloin | Gather");
    expect(meta.get("og:locale")).toBe("en_HK");
    expect(meta.get("og:url")).toBe(`${server.url}/en/all?product=${wagyu.id}`);
    const description = meta.get("og:description") ?? "";
    expect(description).toContain("Group price HK$198.00");
    expect(description).toMatch(/\d+ joined, \d+ more to reach the group price/);
    // 2030-01-02 12:00 UTC is 20:00 on Wednesday 2 January in Hong Kong.
    expect(description).toContain("Closes: Wed 2 Jan, 20:00 (Hong Kong time)");
    expect(description).not.toMatch(/\p{Script=Han}/u);
    expect(image).toMatch(new RegExp(`^${server.url}/og/product/${wagyu.id}\\.jpg\\?v=[0-9a-z]+&lang=en$`));

    // Drawn in English: another picture than the zh-HK one of the same values.
    const english = await expectSharePicture(image);
    const chinese = await fetchImage(image.replace("&lang=en", ""));
    expect(chinese.response.status).toBe(200);
    expect(english.response.headers.get("etag")).not.toBe(chinese.response.headers.get("etag"));
    expect(Buffer.compare(english.body, chinese.body)).not.toBe(0);

    // The drawer's WhatsApp text is English too, with the English link.
    const share = /href="(https:\/\/wa\.me\/\?text=[^"]+)"[^>]*data-testid="share-whatsapp"/.exec(html)?.[1];
    const text = decodeURIComponent(decode(share ?? "").split("text=")[1] ?? "");
    expect(text).toContain("【Australian Wagyu Sirloin】");
    expect(text).toContain("Group price HK$198.00");
    expect(text).toContain(`/en/all?product=${wagyu.id}`);
    expect(text).not.toMatch(/\p{Script=Han}/u);
  });

  it("previews the home page and a merchant with English pictures", async () => {
    const home = await preview("/en");
    expect(home.image).toBe(`${server.url}/og/home.jpg?lang=en`);
    const picture = await expectSharePicture(home.image);
    const chinese = await fetchImage(`${server.url}/og/home.jpg`);
    expect(picture.response.headers.get("etag")).not.toBe(chinese.response.headers.get("etag"));
    const merchantPage = await preview(`/en/merchant/${merchant.slug}/${merchant.id}`);
    expect(merchantPage.image).toBe(`${server.url}/og/merchant/${merchant.id}.jpg?lang=en`);
    await expectSharePicture(merchantPage.image);
  });
});

describe("pictures that do not exist", () => {
  it("answer 404, never 500, for unknown, hidden and malformed ids", async () => {
    const paths = [
      "/og/product/999999.jpg",
      `/og/product/${hidden.id}.jpg`,
      "/og/product/abc.jpg",
      "/og/product/abc",
      "/og/product/0.jpg",
      "/og/product/-1.jpg",
      "/og/product/99999999999999999999999.jpg",
      "/og/product/2147483648.jpg",
      `/og/product/${wagyu.id}.png`,
      "/og/merchant/999999.jpg",
      "/og/merchant/abc.jpg",
      "/og/merchant/1e3.jpg",
    ];
    for (const pagePath of paths) {
      const response = await request(server.url, pagePath);
      expect(response.status, pagePath).toBe(404);
    }
  });
});

describe("a product link shared with a member's referral", () => {
  it("carries the member's code, remembered and filled in on /register (issue 47 item 6)", async () => {
    const referrer = await createMember(database.db, { phone: "61234568" });
    const page = await request(server.url, `/all?product=${wagyu.id}&ref=${referrer.referralCode}`);
    expect(page.status).toBe(200);
    const cookie = [page.headers["set-cookie"] ?? []].flat().find((line) => line.startsWith("gather_ref="));
    expect(cookie).toMatch(new RegExp(`^gather_ref=${referrer.referralCode};.*HttpOnly`));
    const register = await request(server.url, "/register", {
      headers: { cookie: (cookie ?? "").split(";")[0] ?? "" },
    });
    expect(register.body).toContain(`value="${referrer.referralCode}"`);
    expect(register.body).not.toContain("61234568");
  });

  it("opens the product and remembers the referrer for registration, as /register?ref= does", async () => {
    const referrer = await createMember(database.db, { phone: "61234567" });
    const page = await request(server.url, `/all?product=${wagyu.id}&ref=${referrer.phone}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('id="product-drawer-title"');
    expect(page.body).toContain("澳洲和牛西冷扒");
    const cookie = [page.headers["set-cookie"] ?? []].flat().find((line) => line.startsWith("gather_ref="));
    expect(cookie).toMatch(/^gather_ref=61234567;.*HttpOnly/);

    const register = await request(server.url, "/register", {
      headers: { cookie: (cookie ?? "").split(";")[0] ?? "" },
    });
    expect(register.status).toBe(200);
    expect(register.body).toMatch(
      /<input[^>]*name="referrer"[^>]*value="61234567"|value="61234567"[^>]*name="referrer"/,
    );

    // A malformed ref is not remembered, and the product still opens.
    const bad = await request(server.url, `/all?product=${wagyu.id}&ref=hello`);
    expect(bad.status).toBe(200);
    expect([bad.headers["set-cookie"] ?? []].flat().some((line) => line.startsWith("gather_ref="))).toBe(
      false,
    );
  });
});
