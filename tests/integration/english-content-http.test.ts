import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories } from "../../app/db/schema/index.ts";
import { chineseLeftIn, keysLeftIn } from "../helpers/english.ts";
import { serveContentShop } from "./content-fixtures.ts";

/**
 * English shop content (issue 48 item 2, decision 0055) on the production build: categories,
 * brands, merchants, pickup districts and points, banners and product descriptions show their
 * English on /en pages where the back office gave it, else their Chinese marked lang="zh-HK"; the
 * zh-HK pages stay as they were. The back office's side: english-content-admin-http.test.ts.
 */

const { database, ids, product, cookies, get, page } = serveContentShop();
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
    expect(pork).toContain('<h1 class="text-2xl font-bold text-brand-900" lang="zh-HK">豬肉</h1>');
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
      await expect
        .poll(async () => (await page("/en/product?cat=beef")).includes(">All Beef</a>"))
        .toBe(true);
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
