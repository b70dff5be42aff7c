import { eq } from "drizzle-orm";
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import {
  banners,
  brands,
  cartItems,
  categories,
  merchants,
  pickupDistricts,
  pickupPoints,
  products,
} from "../../app/db/schema/index.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { chineseLeftIn, keysLeftIn } from "../helpers/english.ts";
import { createCategory, createDistrict, createMerchant, createPickupPoint } from "../helpers/factories.ts";
import { request } from "../helpers/net.ts";
import { serveShopForFile } from "../helpers/shop.ts";
import { createMember } from "./admin-fixtures.ts";
import { createBrand, createCycle, createProduct } from "./catalogue-fixtures.ts";

/**
 * English shop content (issue 48 item 2, decision 0055) on the production build: categories,
 * brands, merchants, pickup districts and points, banners and product descriptions show their
 * English on /en pages where the back office gave it, else their Chinese marked lang="zh-HK"; the
 * back office saves and shows the English beside the Chinese, admins only; and it lists the
 * products that lack English.
 */

const database = setupTestDatabase();
const ids = { beef: 0, pork: 0, steaks: 0, sanKee: 0, laiKee: 0, wagyu: 0, local: 0, district: 0, point: 0 };
const product = { english: 0, chinese: 0 };
const cookies = { admin: "", member: "" };

async function sessionCookie(memberId: string): Promise<string> {
  const { token } = await database.services.members.auth.createSession(memberId, {});
  return (await createCookie("gather_session").serialize(token)).split(";")[0]!;
}

const shop = serveShopForFile(() => database.url, {
  prepare: async () => {
    const { db } = database;
    const beef = await createCategory(db, {
      name: "牛肉",
      nameEn: "Beef",
      slug: "beef",
      description: "澳洲直送",
      descriptionEn: "Flown in from Australia",
    });
    const steaks = await createCategory(db, {
      name: "牛扒",
      nameEn: "Steaks",
      slug: "steaks",
      parentId: beef.id,
    });
    const pork = await createCategory(db, { name: "豬肉", slug: "pork", description: "本地豬肉" });
    const sanKee = await createMerchant(db, {
      name: "新記肉食",
      nameEn: "San Kee Meats",
      slug: "san-kee",
      description: "三十年老字號",
      descriptionEn: "A butcher of thirty years",
      address: "九龍觀塘協和街 101 號",
      addressEn: "101 Hip Wo Street, Kwun Tong",
      freeDelivery: true,
    });
    const laiKee = await createMerchant(db, { name: "麗記", slug: "lai-kee", address: "旺角" });
    const wagyu = await createBrand(db, {
      name: "南十字星",
      nameEn: "Southern Cross",
      slug: "southern-cross",
      description: "穀飼和牛",
      descriptionEn: "Grain-fed wagyu",
      isMeat: true,
    });
    const local = await createBrand(db, { name: "本地牧場", slug: "local-farm", isMeat: true });
    const english = await createProduct(db, {
      categoryId: beef.id,
      subcategoryId: steaks.id,
      name: "和牛西冷",
      nameEn: "Wagyu Sirloin",
      description: "油花均勻",
      descriptionEn: "Even marbling",
      brandId: wagyu.id,
      merchantId: sanKee.id,
    });
    const chinese = await createProduct(db, {
      categoryId: pork.id,
      name: "梅頭豬",
      nameEn: "",
      description: "本地新鮮",
      brandId: local.id,
      merchantId: laiKee.id,
      mode: "instock",
      stock: 5,
    });
    const district = await createDistrict(db, { name: "觀塘區", nameEn: "Kwun Tong", area: "九龍" });
    const plain = await createDistrict(db, { name: "沙田區", area: "新界及離島" });
    const point = await createPickupPoint(db, {
      districtId: district.id,
      name: "觀塘新記",
      nameEn: "Kwun Tong – San Kee",
      address: "九龍觀塘協和街 101 號地舖",
      addressEn: "G/F, 101 Hip Wo Street, Kwun Tong",
      hoursEn: "Mon–Fri 10:00–19:00",
      merchantId: sanKee.id,
    });
    await createPickupPoint(db, { districtId: plain.id, name: "沙田第一城", address: "沙田銀城街 2 號" });
    const image = {
      imageDesktop: "/uploads/banners/a-1280w.webp",
      imageMobile: "/uploads/banners/a-640w.webp",
    };
    await db.insert(banners).values([
      { kind: "carousel", title: "聖誕團購節", titleEn: "Christmas Group Buys", subtitle: "九折", ...image },
      { kind: "carousel", title: "本地蔬菜", subtitle: "新鮮直送", position: 1, ...image },
      { kind: "popup", title: "推薦獎賞", titleEn: "Referral Reward", subtitle: "雙方各得回贈", ...image },
      { kind: "top", title: "湊夠人數即享成團價", titleEn: "Group price once enough join", href: "/guide" },
      { kind: "top", title: "指定商戶免運費", position: 1 },
    ]);
    await createCycle(db);
    const admin = await createMember(db, { type: "admin", lastName: "管", firstName: "理員" });
    const member = await createMember(db, { lastName: "陳", firstName: "大文" });
    await db.insert(cartItems).values({ memberId: member.id, productId: english.id, quantity: 1 });
    cookies.admin = await sessionCookie(admin.id);
    cookies.member = await sessionCookie(member.id);
    Object.assign(ids, {
      beef: beef.id,
      pork: pork.id,
      steaks: steaks.id,
      sanKee: sanKee.id,
      laiKee: laiKee.id,
      wagyu: wagyu.id,
      local: local.id,
      district: district.id,
      point: point.id,
    });
    Object.assign(product, { english: english.id, chinese: chinese.id });
  },
});

const get = (url: string, cookie?: string) => request(shop().url, url, cookie ? { headers: { cookie } } : {});
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
/** The page's HTML without the markers React puts between neighbouring texts. */
const page = async (url: string, cookie?: string) => {
  const response = await get(url, cookie);
  expect(response.status, url).toBe(200);
  return response.body.replaceAll("<!-- -->", "");
};
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";

describe("the shop's menus and listings in English", () => {
  it("shows English names where set and the Chinese marked zh-HK elsewhere, leaving no other Chinese on /en/all", async () => {
    const html = await page("/en/all");
    expect(chineseLeftIn(html)).toEqual([]);
    expect(keysLeftIn(html)).toEqual([]);
    // The side menu: categories, brands, merchants.
    expect(html).toContain("<span>Beef</span>");
    expect(html).toContain('<span lang="zh-HK">豬肉</span>');
    expect(html).toMatch(
      /<li><a [^>]*href="\/en\/product\?collection=southern-cross"[^>]*>Southern Cross<\/a><\/li>/,
    );
    expect(html).toMatch(
      /<li lang="zh-HK"><a [^>]*href="\/en\/product\?collection=local-farm"[^>]*>本地牧場<\/a>/,
    );
    expect(html).toMatch(/<li lang="zh-HK"><a [^>]*>麗記<\/a><\/li>/);
    // "All <name>": the words in English, a Chinese name in its own element (an attribute could not say so).
    expect(html).toContain(">All Beef</a>");
    expect(html).toContain('>All <span lang="zh-HK">豬肉</span></a>');
    // The cards' brand and merchant links, and the top banner.
    expect(html).toMatch(/<a lang="zh-HK"[^>]*>麗記<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/en\/merchant\/san-kee\/\d+"[^>]*>San Kee Meats<\/a>/);
    expect(html).toMatch(
      /data-testid="top-banner"[^>]*><a [^>]*href="\/en\/guide"[^>]*>Group price once enough join</,
    );
  });

  it("heads a category's list with its English name and description, or its Chinese marked", async () => {
    const beef = await page("/en/product?cat=beef");
    expect(beef).toContain(">Beef</h1>");
    expect(beef).toContain(">Flown in from Australia</p>");
    expect(titleOf(beef)).toContain("Beef");
    expect(chineseLeftIn(beef)).toEqual([]);
    const steaks = await page("/en/product?cat=beef&subcat=steaks");
    expect(steaks).toContain(">Beef: Steaks</h1>");

    const pork = await page("/en/product?cat=pork");
    expect(pork).toContain(
      '<h1 class="text-2xl font-bold text-brand-900"><span lang="zh-HK">豬肉</span></h1>',
    );
    expect(pork).toContain('<p class="text-sm leading-6 text-stone-600" lang="zh-HK">本地豬肉</p>');
    // Only the document's title keeps the name unmarked: a <title> cannot mark part of itself.
    expect(chineseLeftIn(pork)).toEqual([titleOf(pork)]);
  });

  it("names a subcategory row in English, or from hidden text where the category's name is Chinese", async () => {
    const beef = await page("/en/product?cat=beef");
    expect(beef).toContain('<nav aria-label="Beef categories"');
    await database.db.update(categories).set({ nameEn: "" }).where(eq(categories.id, ids.beef));
    try {
      // The layout's menus are a shop-wide read, kept a second at most (decision 0045).
      await expect
        .poll(async () =>
          (await page("/en/product?cat=beef")).includes('<span lang="zh-HK">牛肉</span> categories'),
        )
        .toBe(true);
      const html = await page("/en/product?cat=beef");
      expect(html).toMatch(/<nav aria-labelledby="[^"]+"/);
      expect(chineseLeftIn(html)).toEqual([titleOf(html)]);
    } finally {
      await database.db.update(categories).set({ nameEn: "Beef" }).where(eq(categories.id, ids.beef));
    }
  });

  it("shows a brand's list and /en/collection in English where given", async () => {
    const list = await page("/en/product?collection=southern-cross");
    expect(list).toContain(">Southern Cross</h1>");
    expect(list).toContain(">Grain-fed wagyu</p>");
    const collection = await page("/en/collection");
    expect(collection).toMatch(/<span class="block font-semibold text-stone-900">Southern Cross<\/span>/);
    expect(collection).toMatch(
      /<span class="block font-semibold text-stone-900" lang="zh-HK">本地牧場<\/span>/,
    );
    expect(chineseLeftIn(collection)).toEqual([]);
  });

  it("shows a merchant's page in English, or its Chinese marked", async () => {
    const english = await page(`/en/merchant/san-kee/${ids.sanKee}`);
    expect(english).toContain(">San Kee Meats</h1>");
    expect(english).toContain(">A butcher of thirty years</p>");
    expect(english).toContain(">101 Hip Wo Street, Kwun Tong</span>");
    expect(english).toContain("Products from San Kee Meats");
    expect(chineseLeftIn(english)).toEqual([]);
    const chinese = await page(`/en/merchant/lai-kee/${ids.laiKee}`);
    expect(chinese).toMatch(/<h1 [^>]*lang="zh-HK">麗記<\/h1>/);
    expect(chinese).toContain('Products from <span lang="zh-HK">麗記</span>');
  });

  it("sends the drawer the description in the page's language", async () => {
    const english = JSON.parse((await get(`/api/product/${product.english}?lang=en`)).body);
    expect(english).toMatchObject({ description: "Even marbling" });
    expect(english.nameEn).toBeUndefined();
    const marked = JSON.parse((await get(`/api/product/${product.chinese}?lang=en`)).body);
    expect(marked).toMatchObject({ description: "本地新鮮", descriptionLang: "zh-HK" });
    const zh = JSON.parse((await get(`/api/product/${product.english}`)).body);
    expect(zh).toMatchObject({ description: "油花均勻", nameEn: "Wagyu Sirloin" });
    expect(zh.descriptionEn).toBeUndefined();
    // A shared drawer link renders the product whole, in English.
    const drawer = await page(`/en/all?product=${product.english}`);
    expect(drawer).toContain(">Even marbling</p>");
  });

  it("keeps the zh-HK pages Chinese, without marks and without the English", async () => {
    const html = await page("/all");
    expect(html).toContain("<span>牛肉</span>");
    expect(html).toContain(">全部牛肉</a>");
    expect(html).not.toContain('lang="zh-HK"><a');
    expect(html).not.toContain("Southern Cross");
    expect(html).toContain(">湊夠人數即享成團價</a>");
    const merchant = await page(`/merchant/san-kee/${ids.sanKee}`);
    expect(merchant).toContain(">新記肉食</h1>");
    expect(merchant).not.toContain("San Kee Meats");
  });
});

describe("home, pickup points and checkout in English", () => {
  it("shows the carousel, popup, category tiles, merchants and brands in English where given", async () => {
    const html = await page("/en");
    expect(html).toMatch(/<p [^>]*>Christmas Group Buys<\/p>/);
    expect(html).toMatch(/<p [^>]*lang="zh-HK">本地蔬菜<\/p>/);
    expect(html).toMatch(/<p [^>]*lang="zh-HK">九折<\/p>/);
    expect(html).toMatch(/<span [^>]*>Beef<\/span>/);
    expect(html).toMatch(/<span [^>]*lang="zh-HK">豬肉<\/span>/);
    expect(html).toMatch(/<span class="block font-semibold text-stone-900">San Kee Meats<\/span>/);
    expect(html).toMatch(/<span [^>]*lang="zh-HK">本地牧場<\/span>/);
    // The carousel's dots are named in text, so a Chinese title is marked too.
    expect(html).toMatch(/<span class="sr-only">[^<]*<span lang="zh-HK">本地蔬菜<\/span>/);
  });

  it("lists pickup areas, districts and points with their English, or the Chinese marked", async () => {
    const html = await page("/en/location");
    expect(html).toContain("<span>Kowloon</span>");
    expect(html).toContain("<span>New Territories and Islands</span>");
    expect(html).toContain("<span>Kwun Tong</span>");
    expect(html).toContain('<span lang="zh-HK">沙田區</span>');
    expect(html).toMatch(/<h4 [^>]*>Kwun Tong – San Kee<\/h4>/);
    expect(html).toContain("<span>G/F, 101 Hip Wo Street, Kwun Tong</span>");
    expect(html).toMatch(/<dd>Mon–Fri 10:00–19:00<\/dd>/);
    expect(html).toMatch(/<h4 [^>]*lang="zh-HK">沙田第一城<\/h4>/);
    // A point without English hours: the Chinese default, marked.
    expect(html).toMatch(/<dd lang="zh-HK">星期一至五/);
  });

  it("offers the pickup points at checkout in English", async () => {
    const html = await page(`/en/checkout?district=${ids.district}`, cookies.member);
    expect(html).toContain('<optgroup label="Kowloon">');
    expect(html).toMatch(/<option value="\d+"[^>]*>Kwun Tong<\/option>/);
    expect(html).toMatch(/<option value="\d+" lang="zh-HK">沙田區<\/option>/);
    expect(html).toMatch(/<span [^>]*>Kwun Tong – San Kee<\/span>/);
    expect(html).toContain(">G/F, 101 Hip Wo Street, Kwun Tong</span>");
    expect(html).toContain("Mon–Fri 10:00–19:00");
  });
});

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
