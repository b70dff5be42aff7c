import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createMerchant } from "../helpers/factories.ts";
import { freePort, request } from "../helpers/net.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createBrand, createCycle, createProduct, type ProductRow } from "./catalogue-fixtures.ts";

/**
 * The catalogue pages over HTTP on the production build (issue 4): what a browser or a crawler
 * gets for good and bad addresses, canonical links, the product's JSON-LD, sitemap and robots.
 */

const database = setupTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-catalogue-"));
let server: ServedShop;
let merchant: { id: number; slug: string };
let wagyu: ProductRow;
let hidden: ProductRow;

beforeAll(async () => {
  const { db } = database;
  const meat = await createCategory(db, { name: "肉類", slug: "meat" });
  const steak = await createCategory(db, { name: "牛扒", slug: "steak", parentId: meat.id });
  const brand = await createBrand(db, { name: "和牛牧場", slug: "wagyu-farm" });
  merchant = await createMerchant(db, { name: "新記", slug: "san-kee", freeDelivery: true });
  wagyu = await createProduct(db, {
    categoryId: meat.id,
    subcategoryId: steak.id,
    name: "澳洲和牛西冷扒",
    nameEn: "Australian Wagyu Sirloin",
    description: "昆士蘭穀飼和牛。",
    mode: "general",
    gatherPriceCents: 19_800,
    priceCents: 23_800,
    marketPriceCents: 26_800,
    unit: "磅",
    defaultWeight: 2.5,
    brandId: brand.id,
    merchantId: merchant.id,
    images: ["/uploads/demo/products/wagyu-abc-600w.webp"],
  });
  hidden = await createProduct(db, { categoryId: meat.id, name: "未上架", isPublished: false });
  for (let i = 0; i < 34; i++) {
    await createProduct(db, { categoryId: meat.id, mode: i % 3 === 0 ? "instock" : "limited" });
  }
  await createCycle(db);
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

const get = (url: string) => request(server.url, url);
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const cardCount = (html: string) => html.match(/<article class="product-card"/g)?.length ?? 0;

describe("listings", () => {
  it("serves each mode's listing with 30 cards a page and a canonical link", async () => {
    for (const page of ["/all", "/general", "/limited", "/instock", "/product"]) {
      const response = await get(page);
      expect(response.status, page).toBe(200);
    }
    const all = await get("/all");
    expect(cardCount(all.body)).toBe(30);
    expect(canonicalOf(all.body)).toBe(`${server.url}/all`);
    expect(all.body).toContain('href="/all?page=2"');
    expect(all.body).toContain("加入購物車");

    const second = await get("/all?page=2&sort=newest");
    expect(cardCount(second.body)).toBe(5);
    // Sorting does not make another page for search engines.
    expect(canonicalOf(second.body)).toBe(`${server.url}/all?page=2`);
    expect(second.body).toContain('href="/all?sort=newest"');
  });

  it("keeps the filters in the pagination links", async () => {
    const response = await get("/product?cat=meat&sort=discount");
    expect(response.status).toBe(200);
    expect(response.body).toContain('href="/product?cat=meat&amp;sort=discount&amp;page=2"');
    expect(canonicalOf(response.body)).toBe(`${server.url}/product?cat=meat`);
  });

  it("shows the card of a weight-priced group buy in full", async () => {
    const { body } = await get("/product?collection=wagyu-farm");
    expect(cardCount(body)).toBe(1);
    for (const text of ["成團價", "原價", "市價", "$198.00", "$238.00", "$268.00", "一般團", "平 26%"]) {
      expect(body, text).toContain(text);
    }
    expect(body).toContain("約 2.5 磅，按實際重量退回差額");
    expect(body).toContain("已有 0 人參團 / 目標 10 人");
    expect(body).toContain('class="countdown"');
    expect(body).toContain(`href="/merchant/san-kee/${merchant.id}"`);
  });

  it("searches Chinese and English names; searches are not indexed", async () => {
    const chinese = await get(`/product?name=${encodeURIComponent("和牛")}`);
    expect(cardCount(chinese.body)).toBe(1);
    const english = await get("/product?name=WAGYU");
    expect(cardCount(english.body)).toBe(1);
    expect(english.body).toContain('<meta name="robots" content="noindex, follow"/>');
  });

  it("counts the side menu per mode of the listing shown", async () => {
    const count = (html: string) => /<span>肉類<\/span><small>(\d+) 件/.exec(html)?.[1];
    expect(count((await get("/all")).body)).toBe("35");
    expect(count((await get("/limited")).body)).toBe("22");
    expect(count((await get("/instock")).body)).toBe("12");
    expect(count((await get("/general")).body)).toBe("1");
    expect(count((await get("/about")).body)).toBe("35");
  });

  it("leaves a closed category's subcategories out of the side menu, and lists them on the category's own page", async () => {
    const all = (await get("/all")).body;
    expect(all).toContain('href="/product?cat=meat"');
    expect(all).not.toContain("subcat=steak");
    const meat = (await get("/product?cat=meat")).body;
    const tabs = /<nav aria-label="肉類分類"[^>]*>(.*?)<\/nav>/.exec(meat)?.[1] ?? "";
    expect(tabs).toMatch(/<a aria-current="page"[^>]*href="\/product\?cat=meat"[^>]*>全部<small>35<\/small>/);
    expect(tabs).toMatch(/href="\/product\?cat=meat&amp;subcat=steak"[^>]*>牛扒<small>1<\/small>/);
    const steak = (await get("/product?cat=meat&subcat=steak")).body;
    expect(steak).toMatch(/<a aria-current="page"[^>]*href="\/product\?cat=meat&amp;subcat=steak"/);
    // On a mode's list the chips stay in that mode and count it.
    const limited = (await get("/limited?cat=meat")).body;
    expect(limited).toMatch(/href="\/limited\?cat=meat&amp;subcat=steak"[^>]*>牛扒<small>0<\/small>/);
  });
});

describe("bad addresses never fail", () => {
  it.each([
    "/all?page=-1",
    "/all?page=abc",
    "/all?page=1e9",
    "/all?sort=evil",
    "/all?sort=price%20desc;drop%20table%20products",
    "/product?name=%25",
    "/product?name=_",
    "/product?name=%5C",
    `/product?name=${"x".repeat(500)}`,
    "/product?name=%E0%A4%A",
    "/product?cat=meat&cat=other",
    "/all?page=1&page=2",
  ])("%s answers 200", async (url) => {
    expect((await get(url)).status).toBe(200);
  });

  it.each([
    "/product?cat=nope",
    "/product?cat=meat&subcat=nope",
    "/product?subcat=meat",
    "/product?collection=nope",
    "/all?page=99",
    "/all?product=abc",
    "/all?product=99999",
    "/?product=-1",
    "/merchant/san-kee/999999",
    "/merchant/san-kee/abc",
  ])("%s answers 404 inside the shop layout", async (url) => {
    const response = await get(url);
    expect(response.status).toBe(404);
    expect(response.body).toContain("找不到此頁");
    expect(response.body).toContain('<meta name="robots" content="noindex"/>');
    expect(response.body).toContain('data-layout="shop"');
  });

  it("hides unpublished products", async () => {
    expect((await get(`/all?product=${hidden.id}`)).status).toBe(404);
    expect((await get("/product?name=%E6%9C%AA%E4%B8%8A%E6%9E%B6")).body).toContain("共 0 件產品");
  });
});

describe("shared product links", () => {
  it("opens the drawer on a listing or home, with the product's title, canonical link and JSON-LD", async () => {
    for (const url of [`/all?product=${wagyu.id}`, `/?product=${wagyu.id}`, `/limited?product=${wagyu.id}`]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(200);
      expect(body).toContain("<title>澳洲和牛西冷扒 | 齊齊買</title>");
      expect(canonicalOf(body)).toBe(`${server.url}/all?product=${wagyu.id}`);
      const json = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(body)?.[1];
      expect(JSON.parse(json!)).toMatchObject({
        "@type": "Product",
        name: "澳洲和牛西冷扒",
        sku: String(wagyu.id),
        image: [`${server.url}/uploads/demo/products/wagyu-abc-600w.webp`],
        brand: { name: "和牛牧場" },
        offers: {
          priceCurrency: "HKD",
          price: "198.00",
          availability: "https://schema.org/InStock",
          priceSpecification: { unitText: "磅" },
        },
      });
      expect(body).toContain('data-testid="product-drawer"');
    }
  });
});

describe("the drawer's details", () => {
  const details = (id: number | string) => get(`/api/product/${id}`);

  it("leaves what only the drawer shows out of a listing, and sends it when the drawer opens", async () => {
    const listing = await get("/product?collection=wagyu-farm");
    expect(listing.body).toContain("澳洲和牛西冷扒");
    expect(listing.body).not.toContain("昆士蘭穀飼和牛。");
    expect(listing.body).not.toContain("Australian Wagyu Sirloin");

    const opened = await details(wagyu.id);
    expect(opened.status).toBe(200);
    for (const text of [
      "昆士蘭穀飼和牛。",
      "Australian Wagyu Sirloin",
      "/uploads/demo/products/wagyu-abc-600w.webp",
    ]) {
      expect(opened.body).toContain(text);
    }
    // A shared drawer link is rendered whole: its details are in the page itself.
    expect((await get(`/product?collection=wagyu-farm&product=${wagyu.id}`)).body).toContain(
      "昆士蘭穀飼和牛。",
    );
  });

  it.each(["hidden", "0", "99999", "abc", "1e3", "-1"])("answers 404 with nothing for %s", async (id) => {
    const response = await details(id === "hidden" ? hidden.id : id);
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toBeNull();
  });
});

describe("merchants and brands", () => {
  it("shows a merchant with its products, and sends a wrong name to the right address", async () => {
    const page = await get(`/merchant/san-kee/${merchant.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("新記");
    expect(page.body).toContain("於此商戶的自取點取貨免運費");
    expect(cardCount(page.body)).toBe(1);

    const wrong = await get(`/merchant/old-name/${merchant.id}?sort=newest`);
    expect(wrong.status).toBe(301);
    expect(wrong.headers.location).toBe(`/merchant/san-kee/${merchant.id}?sort=newest`);
  });

  it("lists brands with their number of products", async () => {
    const { status, body } = await get("/collection");
    expect(status).toBe(200);
    expect(body).toContain('href="/product?collection=wagyu-farm"');
    expect(body).toContain("1 件產品");
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("lists public pages, categories, brands, merchants and published products", async () => {
    const { status, headers, body } = await get("/sitemap.xml");
    expect(status).toBe(200);
    expect(headers["content-type"]).toContain("application/xml");
    expect(body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset/);
    for (const loc of [
      "/",
      "/all",
      "/collection",
      "/product?cat=meat",
      "/product?cat=meat&#38;subcat=steak",
      "/product?collection=wagyu-farm",
      `/merchant/san-kee/${merchant.id}`,
      `/all?product=${wagyu.id}`,
    ]) {
      expect(body, loc).toContain(`<loc>${server.url}${loc}</loc>`);
    }
    expect(body).not.toContain(`/all?product=${hidden.id}<`);
    expect(body).not.toContain("/admin");
  });

  it("keeps private paths out and points at the sitemap", async () => {
    const { status, body } = await get("/robots.txt");
    expect(status).toBe(200);
    expect(body).toContain("Disallow: /admin");
    expect(body).toContain("Disallow: /account");
    expect(body).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });
});
