import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  banners,
  brands,
  categories,
  merchants,
  pickupDistricts,
  pickupPoints,
  products,
} from "../../app/db/schema/index.ts";
import { request } from "../helpers/net.ts";
import { serveContentShop } from "./content-fixtures.ts";

/**
 * The back office's English fields (issue 48 item 2, decision 0055) on the production build: an
 * English text beside each Chinese one, saved, shown and checked like it, admins only; and the
 * products that lack English, listed and counted.
 */

const { database, shop, ids, product, cookies, get, page } = serveContentShop();
function post(url: string, form: Record<string, string | string[]>, cookie = cookies.admin) {
  const body = new URLSearchParams(
    Object.entries(form).flatMap(([name, value]) => [value].flat().map((one) => [name, one])),
  ).toString();
  return request(shop().url, url, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body,
  });
}

describe("the back office's English fields", () => {
  it("saves and shows a category's, merchant's and brand's English beside the Chinese", async () => {
    const created = await post("/admin/category", {
      intent: "create",
      name: "海鮮",
      nameEn: " Seafood ",
      slug: "seafood",
      description: "急凍海鮮",
      descriptionEn: "Frozen seafood",
    });
    expect(created.status).toBe(302);
    const [seafood] = await database.db.select().from(categories).where(eq(categories.slug, "seafood"));
    expect(seafood).toMatchObject({ nameEn: "Seafood", descriptionEn: "Frozen seafood" });
    const dialog = await page(`/admin/category?edit=${seafood!.id}`, cookies.admin);
    expect(dialog).toContain("英文名稱");
    expect(dialog).toMatch(/value="Seafood"/);

    const merchant = await post(`/admin/merchant/${ids.laiKee}`, {
      name: "麗記",
      nameEn: "Lai Kee",
      slug: "lai-kee",
      address: "旺角",
      addressEn: "Mong Kok",
      description: "",
      descriptionEn: "",
    });
    expect(merchant.status).toBe(302);
    const [laiKee] = await database.db.select().from(merchants).where(eq(merchants.id, ids.laiKee));
    expect(laiKee).toMatchObject({ nameEn: "Lai Kee", addressEn: "Mong Kok", descriptionEn: "" });
    const merchantPage = await page(`/admin/merchant/${ids.laiKee}`, cookies.admin);
    expect(merchantPage).toContain("英文地址");
    expect(merchantPage).toMatch(/value="Lai Kee"/);
    // The audit names the English field the way the form does.
    expect(merchantPage).toContain("英文名稱");

    const brand = await post(`/admin/brand/${ids.local}`, {
      name: "本地牧場",
      nameEn: "Local Farm",
      slug: "local-farm",
      descriptionEn: "From New Territories farms",
      isMeat: "on",
      position: "1",
    });
    expect(brand.status).toBe(302);
    const [local] = await database.db.select().from(brands).where(eq(brands.id, ids.local));
    expect(local).toMatchObject({ nameEn: "Local Farm", descriptionEn: "From New Territories farms" });
    expect(await page(`/admin/brand/${ids.local}`, cookies.admin)).toContain("英文簡介");
    await expect.poll(async () => (await page("/en/collection")).includes(">Local Farm</span>")).toBe(true);
  });

  it("saves and shows a district's and a pickup point's English", async () => {
    const district = await post("/admin/location-district/new", {
      name: "屯門區",
      nameEn: "Tuen Mun",
      area: "新界及離島",
      position: "5",
    });
    expect(district.status).toBe(302);
    const [tuenMun] = await database.db
      .select()
      .from(pickupDistricts)
      .where(eq(pickupDistricts.name, "屯門區"));
    expect(tuenMun?.nameEn).toBe("Tuen Mun");
    expect(await page(`/admin/location-district/${tuenMun!.id}`, cookies.admin)).toMatch(/value="Tuen Mun"/);

    // A new point's form offers the default hours in both languages.
    const blank = await page("/admin/location/new", cookies.admin);
    expect(blank).toContain("英文取貨時間");
    expect(blank).toContain('value="Mon–Fri 10:00–19:00 (except public holidays)"');
    const point = await post("/admin/location/new", {
      districtId: String(tuenMun!.id),
      name: "屯門站",
      nameEn: "Tuen Mun Station",
      address: "屯門屯興路 1 號",
      addressEn: "1 Tuen Hing Road, Tuen Mun",
      hours: "星期一至五 10:00–19:00（公眾假期除外）",
      hoursEn: "",
      openDays: ["1", "2", "3", "4", "5"],
      deliveryCharge: "18",
      active: "on",
      position: "0",
    });
    expect(point.status).toBe(302);
    const [row] = await database.db.select().from(pickupPoints).where(eq(pickupPoints.name, "屯門站"));
    expect(row).toMatchObject({
      nameEn: "Tuen Mun Station",
      addressEn: "1 Tuen Hing Road, Tuen Mun",
      hoursEn: "",
    });
    expect(await page(`/admin/location/${row!.id}`, cookies.admin)).toMatch(/value="Tuen Mun Station"/);
  });

  it("saves and shows a banner's and a product's English", async () => {
    const created = await post("/admin/banner/new?kind=top", {
      title: "全場九折",
      titleEn: "10% off everything",
      position: "5",
      active: "on",
    });
    expect(created.status).toBe(302);
    const [line] = await database.db.select().from(banners).where(eq(banners.title, "全場九折"));
    expect(line).toMatchObject({ titleEn: "10% off everything", subtitleEn: "" });
    const form = await page(`/admin/banner/${line!.id}`, cookies.admin);
    expect(form).toContain("英文文字");
    expect(form).toMatch(/value="10% off everything"/);

    const edit = await page(`/admin/product/${product.chinese}`, cookies.admin);
    expect(edit).toContain("英文產品描述");
  });

  it("refuses bad English like bad Chinese, and changes nothing", async () => {
    const before = await database.db.select().from(brands).where(eq(brands.id, ids.wagyu));
    const refused = await post(`/admin/brand/${ids.wagyu}`, {
      name: "南十字星",
      nameEn: "x".repeat(121),
      slug: "southern-cross",
      position: "0",
    });
    expect(refused.status).toBe(400);
    expect(await database.db.select().from(brands).where(eq(brands.id, ids.wagyu))).toEqual(before);
  });

  it("lets only admins see or save them", async () => {
    const before = await database.db.select().from(categories).where(eq(categories.id, ids.pork));
    const form = { intent: "update", id: String(ids.pork), name: "豬肉", nameEn: "Pork", slug: "pork" };
    const visitor = await post("/admin/category", form, "");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.location).toMatch(/^\/login/);
    expect((await post("/admin/category", form, cookies.member)).status).toBe(403);
    expect((await get("/admin/product?english=name", cookies.member)).status).toBe(403);
    expect((await get("/admin/product?english=name")).status).toBe(302);
    expect(await database.db.select().from(categories).where(eq(categories.id, ids.pork))).toEqual(before);
  });
});

describe("products that lack English", () => {
  it("are listed by /admin/product's filter, a page at a time, and counted on the dashboard", async () => {
    // 51 more without an English name: two pages of the list's 50.
    await database.db.insert(products).values(
      Array.from({ length: 51 }, (_, index) => ({
        slug: `untranslated-${index}`,
        name: `未譯產品${index}`,
        mode: "general" as const,
        priceCents: 1_000,
        gatherPriceCents: 900,
        marketPriceCents: 1_100,
        targetBuyers: 5,
        categoryId: ids.pork,
        isPublished: index % 2 === 0,
      })),
    );
    // Last changed first: the 51 new ones fill the first page, 梅頭豬 and one more the second.
    const first = await page("/admin/product?english=name", cookies.admin);
    expect(first).toContain("缺英文名稱");
    expect((first.match(/data-row-id=/g) ?? []).length).toBe(50);
    expect((first.match(/data-testid="no-english"/g) ?? []).length).toBe(50);
    const second = await page("/admin/product?english=name&page=1", cookies.admin);
    expect((second.match(/data-row-id=/g) ?? []).length).toBe(2);
    expect(second).toContain("梅頭豬");
    expect(`${first}${second}`).not.toContain("和牛西冷");

    // A Chinese description without its English: the other filter.
    const descriptions = await page("/admin/product?english=description", cookies.admin);
    expect(descriptions).toContain("梅頭豬");
    expect(descriptions).not.toContain("和牛西冷");
    expect(descriptions).not.toContain("未譯產品");

    // Published and lacking English: 梅頭豬 and 26 of the 51.
    const dashboard = await page("/admin", cookies.admin);
    expect(dashboard).toMatch(/data-testid="lacking-english"[^>]*>27 件已上架貨品/);
    expect(dashboard).toContain('href="/admin/product?english=any&amp;published=yes"');
  });
});
