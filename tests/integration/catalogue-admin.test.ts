import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, inArray } from "drizzle-orm";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  auditLog,
  brands,
  categories,
  merchants,
  pickupPoints,
  products,
} from "../../app/db/schema/index.ts";
import { formatHkAdminTime } from "../../app/domain/shared/hk-time.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createMerchant, createPickupPoint } from "../helpers/factories.ts";
import { freePort, request } from "../helpers/net.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { createBrand, createCycle, createProduct } from "./catalogue-fixtures.ts";

/**
 * The catalogue back office over HTTP on the production build (issue 4 item 6): /admin/category
 * (add, rename, reorder, move, delete and its refusal; the storefront's side menu and its counts per
 * mode right after each change), /admin/merchant and /admin/brand (list, add, edit, delete), who
 * may use them, and bad input that must change nothing.
 */

const database = setupTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-catalogue-admin-"));
let server: ServedShop;
let admin: MemberRow;
const cookies: Record<"anonymous" | "member" | "admin", string | undefined> = {
  anonymous: undefined,
  member: undefined,
  admin: undefined,
};
const ids = {
  beef: 0,
  steaks: 0,
  mince: 0,
  pork: 0,
  chops: 0,
  greens: 0,
  leafy: 0,
  merchant: 0,
  brand: 0,
  point: 0,
};

const sessionCookie = (memberId: string) => memberSessionCookie(database.services, memberId);

beforeAll(async () => {
  const { db } = database;
  const beef = await createCategory(db, { name: "牛肉", slug: "beef", position: 0 });
  const steaks = await createCategory(db, {
    name: "牛扒",
    slug: "beef-steaks",
    parentId: beef.id,
    position: 0,
  });
  const mince = await createCategory(db, {
    name: "免治牛肉",
    slug: "minced-beef",
    parentId: beef.id,
    position: 1,
  });
  const pork = await createCategory(db, { name: "豬肉", slug: "pork", position: 1 });
  const chops = await createCategory(db, {
    name: "豬扒",
    slug: "pork-chops",
    parentId: pork.id,
    position: 0,
  });
  const greens = await createCategory(db, { name: "新鮮蔬菜", slug: "fresh-vegetables", position: 2 });
  const leafy = await createCategory(db, {
    name: "葉菜類",
    slug: "leafy-greens",
    parentId: greens.id,
    position: 0,
  });
  const merchant = await createMerchant(db, { name: "新記肉食", slug: "san-kee", freeDelivery: true });
  const brand = await createBrand(db, { name: "和牛屋", slug: "wagyu-ya", isMeat: true });
  const district = await createDistrict(db);
  const point = await createPickupPoint(db, { districtId: district.id, merchantId: merchant.id });
  Object.assign(ids, {
    beef: beef.id,
    steaks: steaks.id,
    mince: mince.id,
    pork: pork.id,
    chops: chops.id,
    greens: greens.id,
    leafy: leafy.id,
    merchant: merchant.id,
    brand: brand.id,
    point: point.id,
  });
  // Steaks: 2 general + 1 limited on sale, 1 hidden; beef itself: 1 instock; chops: 1 instock.
  const steak = { categoryId: beef.id, subcategoryId: steaks.id };
  await createProduct(db, { ...steak, mode: "general", merchantId: merchant.id, brandId: brand.id });
  await createProduct(db, { ...steak, mode: "general" });
  await createProduct(db, { ...steak, mode: "limited" });
  await createProduct(db, { ...steak, mode: "limited", isPublished: false });
  await createProduct(db, { categoryId: beef.id, mode: "instock" });
  await createProduct(db, { categoryId: pork.id, subcategoryId: chops.id, mode: "instock" });
  await createCycle(db);

  admin = await createMember(db, { type: "admin", lastName: "管", firstName: "理員" });
  const member = await createMember(db, { lastName: "普通", firstName: "會員" });
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

function send(who: Who, method: "GET" | "POST", url: string, form?: Record<string, string>) {
  const headers: Record<string, string> = {};
  if (cookies[who]) headers.cookie = cookies[who]!;
  let body: string | undefined;
  if (form) {
    body = new URLSearchParams(form).toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  return request(server.url, url, { method, headers, body });
}

const post = (url: string, form: Record<string, string>) => send("admin", "POST", url, form);
const shop = (url: string) => send("anonymous", "GET", url);

/** Everything the back office can change, to prove a refused request changed none of it. */
async function snapshot() {
  const { db } = database;
  const [categoryRows, merchantRows, brandRows, productRows, pointRows, audit] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.id)),
    db.select().from(merchants).orderBy(asc(merchants.id)),
    db.select().from(brands).orderBy(asc(brands.id)),
    db
      .select({ id: products.id, categoryId: products.categoryId, subcategoryId: products.subcategoryId })
      .from(products)
      .orderBy(asc(products.id)),
    db.select().from(pickupPoints).orderBy(asc(pickupPoints.id)),
    db.select({ id: auditLog.id }).from(auditLog),
  ]);
  return { categoryRows, merchantRows, brandRows, productRows, pointRows, audit: audit.length };
}

/** The side menu's count next to a category name on a storefront page. */
function menuCount(html: string, name: string): number | undefined {
  const match = new RegExp(`<span>${name}</span><small>(\\d+) 件`).exec(html);
  return match ? Number(match[1]) : undefined;
}

/**
 * A subcategory's count on its category's own list (the chips the server draws there; the side
 * menu draws a category's subcategories only once it is opened, with the page's script).
 */
function chipCount(html: string, name: string): number | undefined {
  const match = new RegExp(`>${name}<small>(\\d+)</small>`).exec(html);
  return match ? Number(match[1]) : undefined;
}

/** A subcategory's chip stands before another's on its category's list. */
function chipIndex(html: string, name: string): number {
  return html.search(new RegExp(`>${name}<small>`));
}

/** The top-level names of the side menu, in order. */
function menuOrder(html: string): string[] {
  return [...html.matchAll(/<summary[^>]*><span>([^<]+)<\/span>/g)].map((match) => match[1]!);
}

/** The text of each cell of one row of an admin table, by the row's id. */
function rowCells(html: string, id: number): string[] {
  const row = new RegExp(`<tr[^>]*data-row-id="${id}"[^>]*>(.*?)</tr>`, "s").exec(html)?.[1] ?? "";
  return [...row.matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map((cell) => cell[1]!.replace(/<[^>]+>/g, "").trim());
}

/** A category's counts in the side menu of each mode's listing; with `parent`, a subcategory's, on its parent's list in each mode. */
async function counts(name: string, parent?: string) {
  const [all, general, limited, instock] = await Promise.all(
    ["/all", "/general", "/limited", "/instock"].map(async (url) =>
      parent
        ? chipCount((await shop(`${url}?cat=${parent}`)).body, name)
        : menuCount((await shop(url)).body, name),
    ),
  );
  return { all, general, limited, instock };
}

/** The toast key the response carries to the next page (app/auth/flash.server.ts). */
async function flashToast(setCookie: string[] | undefined): Promise<string> {
  const header = setCookie?.find((cookie) => cookie.startsWith("gather_toast="));
  if (!header) return "";
  const toast = (await createCookie("gather_toast").parse(header.split(";")[0]!)) as { key?: string } | null;
  return toast?.key ?? "";
}

describe("who may use the catalogue back office", () => {
  const urls = () =>
    [
      ["GET", "/admin/category", undefined],
      ["GET", "/admin/category?edit=1", undefined],
      ["GET", "/admin/merchant", undefined],
      ["GET", "/admin/merchant/new", undefined],
      ["GET", `/admin/merchant/${ids.merchant}`, undefined],
      ["GET", "/admin/brand", undefined],
      ["GET", "/admin/brand/new", undefined],
      ["GET", `/admin/brand/${ids.brand}`, undefined],
      ["POST", "/admin/category", { intent: "create", name: "偷加", slug: "sneaky" }],
      ["POST", "/admin/category", { intent: "delete", id: String(ids.greens) }],
      ["POST", "/admin/category", { intent: "reorder", id: String(ids.pork), direction: "up" }],
      ["POST", "/admin/merchant/new", { name: "偷加", slug: "sneaky" }],
      ["POST", `/admin/merchant/${ids.merchant}`, { intent: "delete" }],
      ["POST", "/admin/brand/new", { name: "偷加", slug: "sneaky" }],
      ["POST", `/admin/brand/${ids.brand}`, { intent: "delete" }],
    ] as const;

  it("sends a visitor to sign in and gives a member 403, changing nothing", async () => {
    const before = await snapshot();
    for (const [method, url, form] of urls()) {
      const anonymous = await send("anonymous", method, url, form);
      expect(anonymous.status, `${method} ${url}`).toBe(302);
      expect(anonymous.headers.location, `${method} ${url}`).toMatch(/^\/login\?redirectTo=%2Fadmin/);
      const member = await send("member", method, url, form);
      expect(member.status, `${method} ${url}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("lists the category, merchant and brand pages as ready in the admin menu", async () => {
    const page = await send("admin", "GET", "/admin");
    for (const href of ["/admin/category", "/admin/merchant", "/admin/brand"]) {
      expect(page.body).toMatch(new RegExp(`<a[^>]*href="${href}"`));
    }
    expect(page.body).toContain("品牌");
  });
});

describe("/admin/category", () => {
  it("shows the tree in menu order with every product counted, published or not", async () => {
    const page = await send("admin", "GET", "/admin/category");
    expect(page.status).toBe(200);
    const body = page.body;
    expect(body.indexOf("牛肉")).toBeLessThan(body.indexOf("牛扒"));
    expect(body.indexOf("牛扒")).toBeLessThan(body.indexOf("豬肉"));
    // beef: 4 steaks (one hidden) and 1 of its own.
    expect(body).toMatch(/beef<\/code>.*?5 件貨品/s);
    expect(body).toMatch(/beef-steaks<\/code>.*?4 件貨品/s);
  });

  it("adds a top-level category at the end and a subcategory under it; the side menu shows both at once", async () => {
    const top = await post("/admin/category", { intent: "create", name: "海鮮", slug: "Seafood" });
    expect(top.status).toBe(302);
    expect(top.headers.location).toBe("/admin/category");
    expect(await flashToast(top.headers["set-cookie"])).toContain("admin.toast.added");
    const [seafood] = await database.db.select().from(categories).where(eq(categories.slug, "seafood"));
    expect(seafood).toMatchObject({ name: "海鮮", parentId: null, position: 3 });

    const child = await post("/admin/category", {
      intent: "create",
      name: "蝦",
      slug: "prawns",
      parentId: String(seafood!.id),
      description: "急凍及新鮮蝦",
    });
    expect(child.status).toBe(302);
    const [prawns] = await database.db.select().from(categories).where(eq(categories.slug, "prawns"));
    expect(prawns).toMatchObject({ parentId: seafood!.id, position: 0, description: "急凍及新鮮蝦" });

    const menu = (await shop("/all")).body;
    expect(menuOrder(menu)).toEqual(["牛肉", "豬肉", "新鮮蔬菜", "海鮮"]);
    expect(menuCount(menu, "海鮮")).toBe(0);
    const seafoodList = (await shop("/product?cat=seafood")).body;
    expect(chipCount(seafoodList, "蝦")).toBe(0);
    expect(seafoodList).toContain('href="/product?cat=seafood&amp;subcat=prawns"');

    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, "category.create"));
    expect(audit.map((entry) => entry.entityId)).toEqual(
      expect.arrayContaining([String(seafood!.id), String(prawns!.id)]),
    );
  });

  it("renames a subcategory; the side menu shows the new name right away", async () => {
    const response = await post("/admin/category", {
      intent: "update",
      id: String(ids.mince),
      name: "免治牛肉及漢堡扒",
      slug: "minced-beef",
      parentId: String(ids.beef),
    });
    expect(response.status).toBe(302);
    expect(await flashToast(response.headers["set-cookie"])).toContain("admin.toast.updated");
    const beefList = (await shop("/product?cat=beef")).body;
    expect(chipCount(beefList, "免治牛肉及漢堡扒")).toBeDefined();
    expect(chipCount(beefList, "免治牛肉")).toBeUndefined();
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "category.update"));
    expect(entry).toMatchObject({ before: { name: "免治牛肉" }, after: { name: "免治牛肉及漢堡扒" } });
  });

  it("saving the same values changes nothing and says so", async () => {
    const before = await snapshot();
    const response = await post("/admin/category", {
      intent: "update",
      id: String(ids.pork),
      name: "豬肉",
      slug: "pork",
    });
    expect(response.status).toBe(302);
    expect(await flashToast(response.headers["set-cookie"])).toContain("admin.toast.unchanged");
    expect(await snapshot()).toEqual(before);
  });

  it("reorders top-level categories and subcategories; the side menu follows", async () => {
    expect(
      (await post("/admin/category", { intent: "reorder", id: String(ids.pork), direction: "up" })).status,
    ).toBe(302);
    expect(menuOrder((await shop("/all")).body)).toEqual(["豬肉", "牛肉", "新鮮蔬菜", "海鮮"]);
    await post("/admin/category", { intent: "reorder", id: String(ids.beef), direction: "down" });
    expect(menuOrder((await shop("/all")).body)).toEqual(["豬肉", "新鮮蔬菜", "牛肉", "海鮮"]);

    await post("/admin/category", { intent: "reorder", id: String(ids.mince), direction: "up" });
    const beefList = (await shop("/product?cat=beef")).body;
    expect(chipIndex(beefList, "免治牛肉及漢堡扒")).toBeGreaterThan(-1);
    expect(chipIndex(beefList, "免治牛肉及漢堡扒")).toBeLessThan(chipIndex(beefList, "牛扒"));

    // Already first: nothing moves, nothing is written.
    const before = await snapshot();
    const response = await post("/admin/category", {
      intent: "reorder",
      id: String(ids.pork),
      direction: "up",
    });
    expect(await flashToast(response.headers["set-cookie"])).toContain("admin.toast.unchanged");
    expect(await snapshot()).toEqual(before);

    const positions = await database.db
      .select({ id: categories.id, position: categories.position })
      .from(categories)
      .where(inArray(categories.id, [ids.pork, ids.greens, ids.beef]))
      .orderBy(asc(categories.position));
    expect(positions.map((row) => row.id)).toEqual([ids.pork, ids.greens, ids.beef]);
  });

  it("moves a subcategory with its products to another parent; counts per mode are right at once", async () => {
    expect(await counts("牛肉")).toEqual({ all: 4, general: 2, limited: 1, instock: 1 });
    expect(await counts("豬肉")).toEqual({ all: 1, general: 0, limited: 0, instock: 1 });

    const response = await post("/admin/category", {
      intent: "update",
      id: String(ids.steaks),
      name: "牛扒",
      slug: "beef-steaks",
      parentId: String(ids.pork),
    });
    expect(response.status).toBe(302);

    expect(await counts("牛肉")).toEqual({ all: 1, general: 0, limited: 0, instock: 1 });
    expect(await counts("豬肉")).toEqual({ all: 4, general: 2, limited: 1, instock: 1 });
    expect(await counts("牛扒", "pork")).toEqual({ all: 3, general: 2, limited: 1, instock: 0 });
    // Every steak product, hidden or not, now sits under pork, so its subcategory stays its category's child.
    const moved = await database.db.select().from(products).where(eq(products.subcategoryId, ids.steaks));
    expect(moved).toHaveLength(4);
    expect(moved.every((row) => row.categoryId === ids.pork)).toBe(true);
    const listing = await shop("/product?cat=pork&subcat=beef-steaks");
    expect(listing.status).toBe(200);
    expect((await shop("/product?cat=beef&subcat=beef-steaks")).status).toBe(404);

    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "category.move"));
    expect(entry).toMatchObject({
      before: { parentId: ids.beef },
      after: { parentId: ids.pork, products: 4 },
    });
  });

  it("refuses to move a top-level category, or a subcategory under a subcategory", async () => {
    const before = await snapshot();
    // Posted to the address of the open dialog, as the browser's form does.
    const topLevel = await post(`/admin/category?edit=${ids.greens}`, {
      intent: "update",
      id: String(ids.greens),
      name: "新鮮蔬菜",
      slug: "fresh-vegetables",
      parentId: String(ids.beef),
    });
    expect(topLevel.status).toBe(400);
    expect(topLevel.body).toContain("只可把子分類移到另一個主分類之下");
    const underChild = await post(`/admin/category?edit=${ids.leafy}`, {
      intent: "update",
      id: String(ids.leafy),
      name: "葉菜類",
      slug: "leafy-greens",
      parentId: String(ids.chops),
    });
    expect(underChild.status).toBe(400);
    expect(underChild.body).toContain("只可把子分類移到另一個主分類之下");
    const thirdLevel = await post("/admin/category?add=top", {
      intent: "create",
      name: "第三層",
      slug: "third-level",
      parentId: String(ids.chops),
    });
    expect(thirdLevel.status).toBe(400);
    expect(thirdLevel.body).toContain("子分類之下不可再加分類");
    expect(await snapshot()).toEqual(before);
  });

  it("refuses to delete a category while products use it or its subcategories, saying how many", async () => {
    const before = await snapshot();
    const top = await post("/admin/category", { intent: "delete", id: String(ids.pork) });
    expect(top.status).toBe(409);
    expect(top.body).toContain("仍有 5 件貨品使用此分類或其子分類，不能刪除");
    // Hidden products count too: 3 of the 4 steaks are on sale.
    const child = await post("/admin/category", { intent: "delete", id: String(ids.steaks) });
    expect(child.status).toBe(409);
    expect(child.body).toContain("仍有 4 件貨品");
    expect(await snapshot()).toEqual(before);
  });

  it("deletes an unused category with its subcategories; it leaves the side menu at once", async () => {
    const response = await post("/admin/category", { intent: "delete", id: String(ids.greens) });
    expect(response.status).toBe(302);
    expect(await flashToast(response.headers["set-cookie"])).toContain("admin.toast.removed");
    const left = await database.db
      .select()
      .from(categories)
      .where(inArray(categories.id, [ids.greens, ids.leafy]));
    expect(left).toEqual([]);
    const menu = (await shop("/all")).body;
    expect(menu).not.toContain("新鮮蔬菜");
    expect(menu).not.toContain("葉菜類");
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "category.delete"));
    expect(entry).toMatchObject({
      entityId: String(ids.greens),
      before: { name: "新鮮蔬菜", children: ["葉菜類"] },
    });
  });

  it("answers bad input with zh-HK messages and changes nothing", async () => {
    const before = await snapshot();
    // Each form posted to the address it is sent from in the browser (the dialog's, or the tree's).
    const add = "/admin/category?add=top";
    const edit = `/admin/category?edit=${ids.mince}`;
    const tree = "/admin/category";
    const cases: [string, Record<string, string>, number, string[]][] = [
      [add, { intent: "create", name: "", slug: "" }, 400, ["必須填寫"]],
      [
        add,
        { intent: "create", name: "牛".repeat(31), slug: "牛肉" },
        400,
        ["只可使用小楷英文字母、數字及連字號"],
      ],
      [add, { intent: "create", name: "再一個牛肉", slug: "beef" }, 400, ["此網址名稱已被使用"]],
      [
        add,
        { intent: "create", name: "圖", slug: "pictures", image: "javascript:alert(1)" },
        400,
        ["請上載圖片，或輸入以 https:// 開頭的圖片網址"],
      ],
      [
        edit,
        { intent: "update", id: String(ids.mince), name: "牛", slug: "pork" },
        400,
        ["此網址名稱已被使用"],
      ],
      [tree, { intent: "reorder", id: String(ids.beef), direction: "left" }, 400, []],
      [tree, { intent: "delete", id: "1 or 1=1" }, 400, []],
      [tree, { intent: "drop-table", id: String(ids.beef) }, 400, []],
      [tree, { name: "沒有意圖", slug: "no-intent" }, 400, []],
      [tree, { intent: "update", id: "999999", name: "牛", slug: "ghost" }, 404, []],
      [tree, { intent: "reorder", id: "999999", direction: "up" }, 404, []],
      [tree, { intent: "delete", id: "999999" }, 404, []],
      [tree, { intent: "create", name: "孤兒", slug: "orphan", parentId: "999999" }, 404, []],
    ];
    for (const [url, form, status, texts] of cases) {
      const response = await post(url, form);
      expect(response.status, JSON.stringify(form)).toBe(status);
      for (const text of texts) expect(response.body, JSON.stringify(form)).toContain(text);
    }
    for (const url of [
      "/admin/category?edit=999999",
      "/admin/category?edit=abc",
      "/admin/category?add=999999",
    ]) {
      const response = await send("admin", "GET", url);
      expect(response.status, url).toBe(404);
      expect(response.body, url).toContain("找不到此分類");
    }
    // A subcategory cannot take children, so it is not a place to add one either.
    expect((await send("admin", "GET", `/admin/category?add=${ids.chops}`)).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it("opens the add and edit dialogs from the address", async () => {
    const add = await send("admin", "GET", `/admin/category?add=${ids.pork}`);
    expect(add.status).toBe(200);
    expect(add.body).toContain("於「豬肉」新增子分類");
    const edit = await send("admin", "GET", `/admin/category?edit=${ids.chops}`);
    expect(edit.status).toBe(200);
    expect(edit.body).toContain('value="pork-chops"');
    expect(edit.body).toContain("所屬主分類");
  });
});

describe("/admin/merchant", () => {
  const merchantForm = (fields: Record<string, string> = {}) => ({
    name: "大埔農莊",
    slug: "tai-po-farm",
    address: "新界大埔林錦公路8號",
    description: "本地有機菜。",
    logo: "/uploads/merchants/tai-po-1280w.webp",
    featured: "on",
    ...fields,
  });

  it("lists merchants 50 a page with search", async () => {
    for (let i = 0; i < 50; i++)
      await createMerchant(database.db, { name: `批發商${i}`, slug: `wholesale-${i}` });
    const first = await send("admin", "GET", "/admin/merchant");
    expect(first.status).toBe(200);
    expect(first.body.match(/data-row-id=/g)).toHaveLength(50);
    expect(first.body).toContain("第 1–50 項，共 51 項");
    const second = await send("admin", "GET", "/admin/merchant?page=1");
    expect(second.body.match(/data-row-id=/g)).toHaveLength(1);
    const search = await send("admin", "GET", `/admin/merchant?q=${encodeURIComponent("新記")}`);
    expect(search.body.match(/data-row-id=/g)).toHaveLength(1);
    // Name, address, free delivery, featured, products, pickup points, created, updated.
    expect(rowCells(search.body, ids.merchant).slice(0, 6)).toEqual([
      "新記肉食",
      expect.stringContaining("旺角"),
      "是",
      "是",
      "1",
      "1",
    ]);
    const wholesale = await database.db.select().from(merchants).where(eq(merchants.slug, "wholesale-0"));
    expect(rowCells(first.body, wholesale[0]!.id).slice(4, 6)).toEqual(["0", "0"]);
  });

  it("adds a merchant, showing when it was created and last updated in Hong Kong time", async () => {
    const response = await post("/admin/merchant/new", merchantForm());
    expect(response.status).toBe(302);
    expect(await flashToast(response.headers["set-cookie"])).toContain("admin.toast.added");
    const [row] = await database.db.select().from(merchants).where(eq(merchants.slug, "tai-po-farm"));
    expect(row).toMatchObject({ name: "大埔農莊", featured: true, freeDelivery: false });
    expect(response.headers.location).toBe(`/admin/merchant/${row!.id}`);
    const page = await send("admin", "GET", `/admin/merchant/${row!.id}`);
    expect(page.body).toContain(formatHkAdminTime(row!.createdAt));
    // A featured merchant joins the side menu's partner stores.
    expect((await shop("/all")).body).toContain(`href="/merchant/tai-po-farm/${row!.id}"`);
  });

  it("edits a merchant and stamps a fresh updatedAt; the same values again write nothing", async () => {
    const [before] = await database.db.select().from(merchants).where(eq(merchants.slug, "tai-po-farm"));
    const response = await post(
      `/admin/merchant/${before!.id}`,
      merchantForm({ name: "大埔有機農莊", freeDelivery: "on" }),
    );
    expect(response.status).toBe(302);
    expect(await flashToast(response.headers["set-cookie"])).toContain("admin.toast.updated");
    const [after] = await database.db.select().from(merchants).where(eq(merchants.id, before!.id));
    expect(after).toMatchObject({ name: "大埔有機農莊", freeDelivery: true, createdAt: before!.createdAt });
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());

    const again = await post(
      `/admin/merchant/${before!.id}`,
      merchantForm({ name: "大埔有機農莊", freeDelivery: "on" }),
    );
    expect(await flashToast(again.headers["set-cookie"])).toContain("admin.toast.unchanged");
    const [still] = await database.db.select().from(merchants).where(eq(merchants.id, before!.id));
    expect(still!.updatedAt).toEqual(after!.updatedAt);
  });

  it("refuses bad merchant input with zh-HK messages, changing nothing; unknown ids are 404", async () => {
    const before = await snapshot();
    const empty = await post("/admin/merchant/new", merchantForm({ name: "", slug: "Tai Po!" }));
    expect(empty.status).toBe(400);
    expect(empty.body).toContain("必須填寫");
    expect(empty.body).toContain("只可使用小楷英文字母、數字及連字號");
    const taken = await post(`/admin/merchant/${ids.merchant}`, merchantForm({ slug: "tai-po-farm" }));
    expect(taken.status).toBe(400);
    expect(taken.body).toContain("此網址名稱已被使用");
    const logo = await post(
      "/admin/merchant/new",
      merchantForm({ slug: "x-farm", logo: "http://evil.example/x.png" }),
    );
    expect(logo.status).toBe(400);
    for (const url of [
      "/admin/merchant/999999",
      "/admin/merchant/abc",
      "/admin/merchant/0",
      "/admin/merchant/1.5",
    ]) {
      const page = await send("admin", "GET", url);
      expect(page.status, url).toBe(404);
      expect(page.body, url).toContain("找不到此商戶");
      expect((await post(url, merchantForm({ slug: "ghost" }))).status, url).toBe(404);
      expect((await post(url, { intent: "delete" })).status, url).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("deletes a merchant after saying what happens; its products and pickup points stay without it", async () => {
    const page = await send("admin", "GET", `/admin/merchant/${ids.merchant}`);
    expect(page.body).toContain("刪除商戶");
    const response = await post(`/admin/merchant/${ids.merchant}`, { intent: "delete" });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/admin/merchant");
    expect(await flashToast(response.headers["set-cookie"])).toContain("admin.toast.removed");
    expect(await database.db.select().from(merchants).where(eq(merchants.id, ids.merchant))).toEqual([]);
    const [point] = await database.db.select().from(pickupPoints).where(eq(pickupPoints.id, ids.point));
    expect(point).toMatchObject({ merchantId: null, active: true });
    const kept = await database.db.select().from(products).where(eq(products.brandId, ids.brand));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.merchantId).toBeNull();
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "merchant.delete"));
    expect(entry).toMatchObject({ before: { name: "新記肉食" }, after: { products: 1, pickupPoints: 1 } });
    expect((await shop(`/merchant/san-kee/${ids.merchant}`)).status).toBe(404);
  });
});

describe("/admin/brand", () => {
  const brandForm = (fields: Record<string, string> = {}) => ({
    name: "北海道牧場",
    slug: "hokkaido-ranch",
    description: "北海道乳製品。",
    position: "3",
    ...fields,
  });

  it("adds a brand and lists it; a meat brand joins the side menu", async () => {
    const response = await post("/admin/brand/new", brandForm({ isMeat: "on" }));
    expect(response.status).toBe(302);
    expect(await flashToast(response.headers["set-cookie"])).toContain("admin.toast.added");
    const [row] = await database.db.select().from(brands).where(eq(brands.slug, "hokkaido-ranch"));
    expect(row).toMatchObject({ name: "北海道牧場", isMeat: true, position: 3, logo: null });
    const list = await send("admin", "GET", "/admin/brand");
    expect(list.status).toBe(200);
    // Name, meat brand, position, products, address name.
    expect(rowCells(list.body, row!.id)).toEqual(["北海道牧場", "是", "3", "0", "hokkaido-ranch"]);
    expect(rowCells(list.body, ids.brand)).toEqual(["和牛屋", "是", expect.any(String), "1", "wagyu-ya"]);
    expect((await shop("/all")).body).toContain('href="/product?collection=hokkaido-ranch"');
  });

  it("edits a brand; it leaves the side menu when it is no longer a meat brand", async () => {
    const [row] = await database.db.select().from(brands).where(eq(brands.slug, "hokkaido-ranch"));
    const response = await post(
      `/admin/brand/${row!.id}`,
      brandForm({ name: "北海道牧場直送", position: "0" }),
    );
    expect(response.status).toBe(302);
    expect(await flashToast(response.headers["set-cookie"])).toContain("admin.toast.updated");
    const [after] = await database.db.select().from(brands).where(eq(brands.id, row!.id));
    expect(after).toMatchObject({ name: "北海道牧場直送", isMeat: false, position: 0 });
    expect((await shop("/all")).body).not.toContain('href="/product?collection=hokkaido-ranch"');
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "brand.update"));
    expect(entry).toMatchObject({ after: { name: "北海道牧場直送", isMeat: false, position: 0 } });
  });

  it("refuses bad brand input, changing nothing; unknown ids are 404", async () => {
    const before = await snapshot();
    const bad = await post("/admin/brand/new", brandForm({ name: " ", position: "-2" }));
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("必須填寫");
    expect(bad.body).toContain("請輸入 0 至 9999 的整數");
    const notNumber = await post("/admin/brand/new", brandForm({ slug: "abc", position: "三" }));
    expect(notNumber.status).toBe(400);
    expect(notNumber.body).toContain("必須為數字");
    const taken = await post("/admin/brand/new", brandForm({ slug: "wagyu-ya" }));
    expect(taken.status).toBe(400);
    expect(taken.body).toContain("此網址名稱已被使用");
    for (const url of ["/admin/brand/999999", "/admin/brand/abc"]) {
      expect((await send("admin", "GET", url)).status, url).toBe(404);
      expect((await post(url, brandForm({ slug: "ghost" }))).status, url).toBe(404);
      expect((await post(url, { intent: "delete" })).status, url).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("deletes a brand; its products stay on sale without a brand", async () => {
    const response = await post(`/admin/brand/${ids.brand}`, { intent: "delete" });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/admin/brand");
    expect(await flashToast(response.headers["set-cookie"])).toContain("admin.toast.removed");
    expect(await database.db.select().from(brands).where(eq(brands.id, ids.brand))).toEqual([]);
    const orphans = await database.db.select().from(products).where(eq(products.subcategoryId, ids.steaks));
    expect(orphans.every((row) => row.brandId === null)).toBe(true);
    expect(orphans.filter((row) => row.isPublished)).toHaveLength(3);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "brand.delete"));
    expect(entry).toMatchObject({ actorId: admin.id, after: { products: 1 } });
  });
});
