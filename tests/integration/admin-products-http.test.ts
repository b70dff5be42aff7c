import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { auditLog, orderLines, orders, products } from "../../app/db/schema/index.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createMerchant, createPickupPoint } from "../helpers/factories.ts";
import { freePort, request } from "../helpers/net.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { createBrand, createCycle, createProduct, type ProductRow } from "./catalogue-fixtures.ts";

/**
 * The product back office over HTTP on the production build (issue 4 item 6): who may reach it,
 * the list's search, filters, sorts and pages, adding, editing, publishing one or many, deleting,
 * refusals that change nothing, and the storefront showing each change at once.
 */

const database = setupTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-admin-products-"));
let server: ServedShop;
let admin: MemberRow;
let member: MemberRow;
const cookies: Record<"anonymous" | "member" | "admin", string | undefined> = {
  anonymous: undefined,
  member: undefined,
  admin: undefined,
};
const tree = {} as Record<"meat" | "steak" | "veg" | "greens", { id: number }>;
let brand: { id: number };
let merchant: { id: number };
let wagyu: ProductRow;
let draft: ProductRow;
let fewLeft: ProductRow;

const sessionCookie = (memberId: string) => memberSessionCookie(database.services, memberId);

beforeAll(async () => {
  const { db } = database;
  tree.meat = await createCategory(db, { name: "肉類", slug: "meat" });
  tree.steak = await createCategory(db, { name: "牛扒", slug: "steak", parentId: tree.meat.id });
  tree.veg = await createCategory(db, { name: "蔬菜", slug: "veg" });
  tree.greens = await createCategory(db, { name: "葉菜", slug: "greens", parentId: tree.veg.id });
  brand = await createBrand(db, { name: "和牛牧場", slug: "wagyu-farm" });
  merchant = await createMerchant(db, { name: "新記肉食", slug: "san-kee" });
  wagyu = await createProduct(db, {
    categoryId: tree.meat.id,
    subcategoryId: tree.steak.id,
    name: "澳洲和牛西冷扒",
    nameEn: "Australian Wagyu Sirloin",
    gatherPriceCents: 19_800,
    priceCents: 23_800,
    marketPriceCents: 26_800,
    brandId: brand.id,
    merchantId: merchant.id,
  });
  draft = await createProduct(db, {
    categoryId: tree.veg.id,
    subcategoryId: tree.greens.id,
    name: "有機菜心",
    nameEn: "Organic Choy Sum",
    isPublished: false,
    gatherPriceCents: 2_500,
    priceCents: 3_000,
  });
  fewLeft = await createProduct(db, {
    categoryId: tree.veg.id,
    name: "日本蜜瓜",
    nameEn: "Japanese Melon",
    mode: "instock",
    stock: 3,
    gatherPriceCents: 99_900,
    priceCents: 120_000,
    marketPriceCents: 130_000,
  });
  // Enough rows for a second page of 50.
  for (let i = 0; i < 52; i++) await createProduct(db, { categoryId: tree.meat.id, name: `急凍雞翼${i}` });
  await createCycle(db);
  admin = await createMember(db, { type: "admin", lastName: "管", firstName: "理員" });
  member = await createMember(db, { lastName: "普通", firstName: "會員" });
  cookies.admin = await sessionCookie(admin.id);
  cookies.member = await sessionCookie(member.id);
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

type Who = keyof typeof cookies;
type Form = Record<string, string | readonly string[]>;

function send(who: Who, method: "GET" | "POST", url: string, form?: Form) {
  const headers: Record<string, string> = {};
  if (cookies[who]) headers.cookie = cookies[who]!;
  let body: string | undefined;
  if (form) {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(form)) {
      for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
    }
    body = params.toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  return request(server.url, url, { method, headers, body });
}

const get = (url: string) => send("admin", "GET", url);

/** The toast a redirect carries (app/auth/flash.server.ts), read back from its cookie. */
async function toastOf(response: { headers: Record<string, unknown> }) {
  const setCookie = ([] as string[]).concat((response.headers["set-cookie"] as string[] | undefined) ?? []);
  const header = setCookie.find((cookie) => cookie.startsWith("gather_toast="));
  return header ? await createCookie("gather_toast").parse(header.split(";")[0]!) : null;
}

/** Product names on a page of the admin list, in order. */
function listedNames(html: string): string[] {
  return [
    ...html.matchAll(
      /<a class="font-semibold text-brand-700 underline" href="\/admin\/product\/\d+"[^>]*>([^<]+)<\/a>/g,
    ),
  ].map((match) => match[1]!);
}

const storefrontCards = (html: string) => html.match(/<article class="product-card"/g)?.length ?? 0;

/** A complete form for a new limited group buy priced by weight. */
function productForm(changes: Form = {}): Form {
  return {
    name: "美國安格斯肉眼扒",
    nameEn: "US Angus Ribeye",
    slug: "",
    description: "USDA Choice，每件約 1.5 磅。",
    mode: "limited",
    price: "188",
    gatherPrice: "158.5",
    marketPrice: "210",
    unit: "磅",
    defaultWeight: "1.5",
    stock: "",
    addToCartQty: "1",
    maxPerMember: "5",
    targetBuyers: "12",
    isPublished: "on",
    categoryId: String(tree.meat.id),
    subcategoryId: String(tree.steak.id),
    brandId: String(brand.id),
    merchantId: String(merchant.id),
    "images[0]": "/uploads/products/ribeye-a-640w.webp",
    "images[1]": "/uploads/products/ribeye-b-640w.webp",
    ...changes,
  };
}

/** The draft as it is, posted back unchanged (still unpublished). */
function draftForm(): Form {
  return productForm({
    name: "有機菜心",
    nameEn: "Organic Choy Sum",
    slug: draft.slug,
    description: "",
    mode: "general",
    price: "30",
    gatherPrice: "25",
    marketPrice: "120",
    unit: "件",
    maxPerMember: "",
    targetBuyers: "10",
    isPublished: "",
    categoryId: String(tree.veg.id),
    subcategoryId: String(tree.greens.id),
    brandId: "",
    merchantId: "",
    "images[0]": [],
    "images[1]": [],
  });
}

async function snapshot() {
  const rows = await database.db.select().from(products).orderBy(asc(products.id));
  const audit = await database.db.select({ id: auditLog.id }).from(auditLog);
  return { rows, audit: audit.length };
}

async function productBySlug(slug: string) {
  const [row] = await database.db.select().from(products).where(eq(products.slug, slug));
  return row;
}

async function auditActions(id: number) {
  const rows = await database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, String(id)))
    .orderBy(asc(auditLog.id));
  return rows.filter((row) => row.entity === "product");
}

/** Every product URL and method, with what an admin gets. */
const routes = () =>
  [
    ["GET", "/admin/product", undefined, 200],
    ["GET", "/admin/product?q=%E5%92%8C%E7%89%9B&mode=general&published=yes", undefined, 200],
    ["GET", "/admin/add-product", undefined, 200],
    ["GET", `/admin/product/${wagyu.id}`, undefined, 200],
    ["GET", "/admin/product.data?_routes=routes%2Fadmin%2Fproduct", undefined, 200],
    ["GET", `/admin/product/${wagyu.id}.data?_routes=routes%2Fadmin%2Fproduct-edit`, undefined, 200],
    ["POST", "/admin/product", { intent: "unpublish", ids: [String(draft.id)] }, 302],
    ["POST", "/admin/add-product", productForm({ isPublished: "", slug: "access-check" }), 302],
    ["POST", `/admin/product/${draft.id}`, draftForm(), 302],
  ] as const;

describe("who may use the product back office", () => {
  it("sends a visitor to /login from every URL and method, changing nothing", async () => {
    const before = await snapshot();
    for (const [method, url, form] of routes()) {
      const response = await send("anonymous", method, url, form);
      const label = `${method} ${url}`;
      if (url.includes(".data")) {
        expect(response.status, label).toBe(202);
        expect(response.body, label).toContain("/login?redirectTo=");
        continue;
      }
      expect(response.status, label).toBe(302);
      expect(response.headers.location, label).toMatch(/^\/login\?redirectTo=%2Fadmin/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers a member 403 everywhere, changing nothing", async () => {
    const before = await snapshot();
    for (const [method, url, form] of routes()) {
      const response = await send("member", method, url, form);
      expect(response.status, `${method} ${url}`).toBe(403);
      expect(response.body, `${method} ${url}`).not.toContain("澳洲和牛西冷扒");
    }
    expect(await snapshot()).toEqual(before);
  });

  it("lets an admin reach every URL and method", async () => {
    for (const [method, url, form, status] of routes()) {
      expect((await send("admin", method, url, form)).status, `${method} ${url}`).toBe(status);
    }
    // The product added on the way is not part of the list the later tests expect.
    await database.db.delete(products).where(eq(products.slug, "access-check"));
  });
});

describe("the list at /admin/product", () => {
  it("shows 50 rows a page from page 0, published or not, with the next page linked", async () => {
    const first = await get("/admin/product?sort=name");
    expect(first.status).toBe(200);
    expect(listedNames(first.body)).toHaveLength(50);
    expect(first.body).toContain("第 1–50 項，共 55 項");
    expect(first.body).toContain('href="/admin/product?sort=name&amp;page=1"');
    const second = await get("/admin/product?sort=name&page=1");
    expect(listedNames(second.body)).toHaveLength(5);
    expect(second.body).toContain("第 51–55 項，共 55 項");
  });

  it("searches the Chinese and the English name", async () => {
    expect(listedNames((await get("/admin/product?q=%E5%92%8C%E7%89%9B")).body)).toEqual(["澳洲和牛西冷扒"]);
    expect(listedNames((await get("/admin/product?q=choy+sum")).body)).toEqual(["有機菜心"]);
    expect(listedNames((await get("/admin/product?q=%25")).body)).toEqual([]);
  });

  it("filters by mode, publication, stock, category or subcategory, brand and merchant", async () => {
    expect(listedNames((await get("/admin/product?mode=instock")).body)).toEqual(["日本蜜瓜"]);
    expect(listedNames((await get("/admin/product?published=no")).body)).toEqual(["有機菜心"]);
    expect(listedNames((await get("/admin/product?stock=low")).body)).toEqual(["日本蜜瓜"]);
    expect(listedNames((await get(`/admin/product?cat=${tree.veg.id}&sort=name`)).body).sort()).toEqual(
      ["日本蜜瓜", "有機菜心"].sort(),
    );
    expect(listedNames((await get(`/admin/product?cat=${tree.greens.id}`)).body)).toEqual(["有機菜心"]);
    expect(listedNames((await get(`/admin/product?brand=${brand.id}`)).body)).toEqual(["澳洲和牛西冷扒"]);
    expect(listedNames((await get(`/admin/product?merchant=${merchant.id}`)).body)).toEqual([
      "澳洲和牛西冷扒",
    ]);
  });

  it("sorts by group price either way", async () => {
    const down = listedNames((await get("/admin/product?sort=priceDesc")).body);
    expect(down.slice(0, 2)).toEqual(["日本蜜瓜", "澳洲和牛西冷扒"]);
    const up = listedNames((await get("/admin/product?sort=priceAsc")).body);
    expect(up[0]).toBe("有機菜心");
  });
});

describe("adding a product", () => {
  it("stores every field, prices in cents, audits it and shows it in the shop at once", async () => {
    const response = await send("admin", "POST", "/admin/add-product", productForm());
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/admin/product");
    expect(await toastOf(response)).toEqual({ kind: "success", key: "admin.toast.added" });
    const row = await productBySlug("us-angus-ribeye");
    expect(row).toMatchObject({
      name: "美國安格斯肉眼扒",
      nameEn: "US Angus Ribeye",
      mode: "limited",
      priceCents: 18_800,
      gatherPriceCents: 15_850,
      marketPriceCents: 21_000,
      unit: "磅",
      defaultWeight: 1.5,
      stock: null,
      addToCartQty: 1,
      maxPerMember: 5,
      targetBuyers: 12,
      isPublished: true,
      ageRestricted: false,
      categoryId: tree.meat.id,
      subcategoryId: tree.steak.id,
      brandId: brand.id,
      merchantId: merchant.id,
      images: ["/uploads/products/ribeye-a-640w.webp", "/uploads/products/ribeye-b-640w.webp"],
    });
    const audit = await auditActions(row!.id);
    expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual([["product.create", admin.id]]);
    expect(audit[0]?.after).toMatchObject({ priceCents: 18_800, slug: "us-angus-ribeye" });

    const shop = await send("anonymous", "GET", "/product?name=ribeye");
    expect(storefrontCards(shop.body)).toBe(1);
    expect(shop.body).toContain("美國安格斯肉眼扒");
    expect(shop.body).toContain("$158.50");
    expect((await send("anonymous", "GET", `/limited?product=${row!.id}`)).status).toBe(200);
    // The new product leads the list, most recently changed first.
    expect(listedNames((await get("/admin/product")).body)[0]).toBe("美國安格斯肉眼扒");
  });

  it("numbers a slug made from a name already in use, and keeps an unpublished product out of the shop", async () => {
    const response = await send("admin", "POST", "/admin/add-product", productForm({ isPublished: "" }));
    expect(response.status).toBe(302);
    const row = await productBySlug("us-angus-ribeye-2");
    expect(row?.isPublished).toBe(false);
    expect(storefrontCards((await send("anonymous", "GET", "/product?name=ribeye")).body)).toBe(1);
    expect((await send("anonymous", "GET", `/all?product=${row!.id}`)).status).toBe(404);
  });

  it("makes an instock product by the piece with its stock and no target", async () => {
    const response = await send(
      "admin",
      "POST",
      "/admin/add-product",
      productForm({
        name: "有機雞蛋",
        nameEn: "",
        slug: "organic-eggs",
        mode: "instock",
        unit: "件",
        defaultWeight: "",
        stock: "40",
        targetBuyers: "",
        subcategoryId: "",
        brandId: "",
        merchantId: "",
        "images[0]": [],
        "images[1]": [],
      }),
    );
    expect(response.status).toBe(302);
    expect(await productBySlug("organic-eggs")).toMatchObject({
      mode: "instock",
      unit: "件",
      defaultWeight: 1,
      stock: 40,
      targetBuyers: null,
      subcategoryId: null,
      brandId: null,
      merchantId: null,
      images: [],
    });
  });
});

describe("bad input", () => {
  // Functions: the rows made in beforeAll exist only once the tests run.
  const refusals: [string, () => Form, string[]][] = [
    ["a negative price", () => ({ price: "-5" }), ["不可為負數"]],
    ["a price that is not a number", () => ({ price: "十蚊" }), ["必須為數字"]],
    ["a price with three decimals", () => ({ marketPrice: "12.345" }), ["金額最多只可有兩位小數"]],
    [
      "a group price above the original",
      () => ({ price: "100", gatherPrice: "120" }),
      ["成團價不可高於原價"],
    ],
    ["an empty name", () => ({ name: " " }), ["必須填寫"]],
    ["instock without stock", () => ({ mode: "instock", stock: "" }), ["必須填寫"]],
    ["a group buy without a target", () => ({ targetBuyers: "" }), ["必須填寫"]],
    ["a weight unit without a weight", () => ({ defaultWeight: "" }), ["必須填寫"]],
    [
      "a subcategory of another category",
      () => ({ subcategoryId: String(tree.greens.id) }),
      ["子分類必須屬於所選分類"],
    ],
    [
      "a subcategory given as the category",
      () => ({ categoryId: String(tree.steak.id), subcategoryId: "" }),
      ["找不到所選項目"],
    ],
    [
      "an unknown brand and merchant",
      () => ({ brandId: "999999", merchantId: "999998" }),
      ["找不到所選項目"],
    ],
    ["an unknown category", () => ({ categoryId: "999999", subcategoryId: "" }), ["找不到所選項目"]],
    ["a slug another product has", () => ({ slug: wagyu.slug }), ["此網址名稱已被使用"]],
    ["a malformed slug", () => ({ slug: "和牛/../x" }), ["只可使用小楷英文字母"]],
    ["a script as a picture", () => ({ "images[0]": "javascript:alert(1)" }), ["請上載圖片"]],
  ];

  it.each(refusals)(
    "refuses %s with a zh-HK message, on add and on edit, changing nothing",
    async (_, changes, messages) => {
      const form = productForm(changes());
      const before = await snapshot();
      const added = await send("admin", "POST", "/admin/add-product", form);
      expect(added.status).toBe(400);
      const edited = await send("admin", "POST", `/admin/product/${draft.id}`, form);
      expect(edited.status).toBe(400);
      for (const message of messages) {
        expect(added.body).toContain(message);
        expect(edited.body).toContain(message);
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it("answers 404 for product ids that are unknown or malformed, changing nothing", async () => {
    const before = await snapshot();
    for (const url of [
      "/admin/product/999999",
      "/admin/product/abc",
      "/admin/product/0",
      "/admin/product/1e3",
    ]) {
      const page = await get(url);
      expect(page.status, url).toBe(404);
      expect(page.body, url).toContain("找不到此產品");
      expect((await send("admin", "POST", url, productForm())).status, `POST ${url}`).toBe(404);
    }
    expect((await send("admin", "POST", "/admin/product", { intent: "delete", id: "999999" })).status).toBe(
      404,
    );
    expect(await snapshot()).toEqual(before);
  });

  it("refuses list actions without rows or with malformed ids", async () => {
    const before = await snapshot();
    const forms: Form[] = [
      { intent: "publish" },
      { intent: "publish", ids: ["1 or 1=1"] },
      { intent: "truncate", ids: [String(wagyu.id)] },
      { intent: "delete" },
    ];
    for (const form of forms) {
      const response = await send("admin", "POST", "/admin/product", form);
      expect(response.status, JSON.stringify(form)).toBe(400);
      expect(response.body).toContain("未能處理這個操作");
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("editing, publishing and deleting", () => {
  it("shows the stored product in dollars and saves a change with its before and after", async () => {
    const page = await get(`/admin/product/${wagyu.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('value="198.00"');
    expect(page.body).toContain('value="238.00"');
    const response = await send(
      "admin",
      "POST",
      `/admin/product/${wagyu.id}`,
      productForm({
        name: "澳洲和牛西冷扒",
        nameEn: "Australian Wagyu Sirloin",
        slug: "",
        mode: "general",
        price: "238",
        gatherPrice: "188.8",
        marketPrice: "120",
        unit: "件",
        maxPerMember: "",
        targetBuyers: "10",
        "images[0]": [],
        "images[1]": [],
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe(`/admin/product/${wagyu.id}`);
    expect(await toastOf(response)).toEqual({ kind: "success", key: "admin.toast.updated" });
    const [row] = await database.db.select().from(products).where(eq(products.id, wagyu.id));
    // A blank slug on edit keeps the address the product has.
    expect(row).toMatchObject({ slug: wagyu.slug, gatherPriceCents: 18_880, marketPriceCents: 12_000 });
    const update = (await auditActions(wagyu.id)).find((entry) => entry.action === "product.update");
    expect(update?.before).toMatchObject({ gatherPriceCents: 19_800, marketPriceCents: 26_800 });
    expect(update?.after).toMatchObject({ gatherPriceCents: 18_880, marketPriceCents: 12_000 });
    expect(update?.after).not.toHaveProperty("name");
    expect((await send("anonymous", "GET", `/all?product=${wagyu.id}`)).body).toContain("$188.80");
    // The product's page lists the change, prices as money.
    const history = (await get(`/admin/product/${wagyu.id}`)).body;
    expect(history).toContain("修改產品");
    expect(history).toContain("成團價：$198.00 → $188.80");
  });

  it("says nothing changed when the form is saved as it is", async () => {
    const [row] = await database.db.select().from(products).where(eq(products.id, fewLeft.id));
    const response = await send(
      "admin",
      "POST",
      `/admin/product/${fewLeft.id}`,
      productForm({
        name: row!.name,
        nameEn: row!.nameEn,
        slug: row!.slug,
        description: row!.description,
        mode: "instock",
        price: "1200",
        gatherPrice: "999",
        marketPrice: "1300",
        unit: "件",
        stock: "3",
        maxPerMember: "",
        targetBuyers: "",
        isPublished: "on",
        categoryId: String(tree.veg.id),
        subcategoryId: "",
        brandId: "",
        merchantId: "",
        "images[0]": [],
        "images[1]": [],
      }),
    );
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toEqual({ kind: "info", key: "admin.toast.unchanged" });
    expect((await auditActions(fewLeft.id)).length).toBe(0);
  });

  it("publishes one row and withdraws several at once, each audited, the shop following", async () => {
    expect(storefrontCards((await send("anonymous", "GET", "/product?name=%E8%8F%9C%E5%BF%83")).body)).toBe(
      0,
    );
    const published = await send("admin", "POST", "/admin/product?published=no", {
      intent: "publish",
      ids: [String(draft.id)],
    });
    expect(published.status).toBe(302);
    expect(published.headers.location).toBe("/admin/product?published=no");
    expect(await toastOf(published)).toEqual({
      kind: "success",
      key: "admin.toast.published",
      params: { count: 1 },
    });
    expect(storefrontCards((await send("anonymous", "GET", "/product?name=%E8%8F%9C%E5%BF%83")).body)).toBe(
      1,
    );

    const withdrawn = await send("admin", "POST", "/admin/product", {
      intent: "unpublish",
      ids: [String(draft.id), String(fewLeft.id), String(wagyu.id)],
    });
    expect(await toastOf(withdrawn)).toEqual({
      kind: "success",
      key: "admin.toast.unpublished",
      params: { count: 3 },
    });
    const rows = await database.db
      .select({ isPublished: products.isPublished })
      .from(products)
      .where(inArray(products.id, [draft.id, fewLeft.id, wagyu.id]));
    expect(rows.every((row) => !row.isPublished)).toBe(true);
    for (const id of [draft.id, fewLeft.id, wagyu.id]) {
      expect((await send("anonymous", "GET", `/all?product=${id}`)).status).toBe(404);
    }
    expect((await auditActions(draft.id)).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["product.publish", "product.unpublish"]),
    );

    // Already withdrawn: nothing to do, nothing audited.
    const again = await send("admin", "POST", "/admin/product", {
      intent: "unpublish",
      ids: [String(draft.id)],
    });
    expect(await toastOf(again)).toEqual({ kind: "info", key: "admin.toast.unchanged" });
  });

  it("deletes a product from the list and from its page, with an audit entry; an ordered one stays", async () => {
    const { db } = database;
    const doomed = await createProduct(db, { categoryId: tree.meat.id, name: "過期臘腸" });
    const response = await send("admin", "POST", "/admin/product?q=%E8%87%98", {
      intent: "delete",
      id: String(doomed.id),
    });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/admin/product?q=%E8%87%98");
    expect(await toastOf(response)).toEqual({ kind: "success", key: "admin.toast.removed" });
    expect(await db.select().from(products).where(eq(products.id, doomed.id))).toEqual([]);
    expect((await auditActions(doomed.id)).map((entry) => entry.action)).toEqual(["product.delete"]);
    expect((await send("anonymous", "GET", `/all?product=${doomed.id}`)).status).toBe(404);

    const second = await createProduct(db, { categoryId: tree.meat.id, name: "過期火腿" });
    const fromPage = await send("admin", "POST", `/admin/product/${second.id}`, { intent: "delete" });
    expect(fromPage.status).toBe(302);
    expect(fromPage.headers.location).toBe("/admin/product");
    expect(await db.select().from(products).where(eq(products.id, second.id))).toEqual([]);

    // An order line keeps its product: deleting is refused, withdrawing is the way.
    const ordered = await createProduct(db, { categoryId: tree.meat.id, name: "已售出牛腩" });
    const cycle = await createCycle(db, { status: "settled" });
    const point = await createPickupPoint(db, { districtId: (await createDistrict(db)).id });
    const [order] = await db
      .insert(orders)
      .values({
        number: "G-TEST-1",
        memberId: member.id,
        cycleId: cycle.id,
        pickupPointId: point.id,
        pickupCode: "TESTCODE",
        itemsCents: 8_000,
        payableCents: 8_000,
        idempotencyKey: "admin-products-test",
      })
      .returning();
    await db.insert(orderLines).values({
      orderId: order!.id,
      productId: ordered.id,
      name: ordered.name,
      mode: ordered.mode,
      unit: ordered.unit,
      defaultWeight: 1,
      quantity: 1,
      priceCents: 10_000,
      gatherPriceCents: 8_000,
      marketPriceCents: 12_000,
      unitPriceCents: 8_000,
      amountCents: 8_000,
    });
    const before = await snapshot();
    const refused = await send("admin", "POST", "/admin/product", {
      intent: "delete",
      id: String(ordered.id),
    });
    expect(refused.status).toBe(302);
    expect(await toastOf(refused)).toEqual({ kind: "error", key: "admin.toast.productOrdered" });
    expect(await snapshot()).toEqual(before);
  });

  it("previews the card with the product's real buyers in the open cycle (issue 27)", async () => {
    const { db } = database;
    const joined = await createProduct(db, { categoryId: tree.meat.id, name: "團購豬扒", targetBuyers: 10 });
    const [open] = await db
      .execute<{ id: number }>(sql`select id from order_cycles where status = 'open'`)
      .then((result) => result.rows);
    const point = await createPickupPoint(db, { districtId: (await createDistrict(db)).id });
    for (const [index, buyer] of [
      await createMember(db, { lastName: "甲" }),
      await createMember(db, { lastName: "乙" }),
    ].entries()) {
      const [order] = await db
        .insert(orders)
        .values({
          number: `G-PREVIEW-${index}`,
          memberId: buyer.id,
          cycleId: open!.id,
          status: "paid",
          pickupPointId: point.id,
          pickupCode: `PREVIEW${index}`,
          itemsCents: 8_000,
          payableCents: 8_000,
          idempotencyKey: `preview-${index}`,
        })
        .returning();
      await db.insert(orderLines).values({
        orderId: order!.id,
        productId: joined.id,
        name: joined.name,
        mode: joined.mode,
        unit: joined.unit,
        defaultWeight: 1,
        quantity: 1,
        priceCents: 10_000,
        gatherPriceCents: 8_000,
        marketPriceCents: 12_000,
        unitPriceCents: 8_000,
        amountCents: 8_000,
      });
    }
    const page = await get(`/admin/product/${joined.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("已有 2 人參團 / 目標 10 人");
  });
});
