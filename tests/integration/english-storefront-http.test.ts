import { describe, expect, it } from "vitest";
import { listingCatalogue } from "../../app/i18n/catalogue/en/listings.ts";
import { shell } from "../../app/i18n/catalogue/en/shell.ts";
import { listingCatalogue as zhListings } from "../../app/i18n/catalogue/listings.ts";
import { shell as zhShell } from "../../app/i18n/catalogue/shell.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { chineseLeftIn, keysLeftIn } from "../helpers/english.ts";
import { createCategory } from "../helpers/factories.ts";
import { request } from "../helpers/net.ts";
import { entryScripts, scriptClosure } from "../helpers/page-scripts.ts";
import { serveShopForFile } from "../helpers/shop.ts";
import { createCycle, createProduct } from "./catalogue-fixtures.ts";

/**
 * The storefront in English at /en (issue 48, decision 0054) on the production build: the page's
 * language, its alternates, the language switch and the `gather_lang` cookie, English words and
 * formats, and that a page's scripts carry its own language's messages only.
 */

const database = setupTestDatabase();
/** The file's shop, after its catalogue: two products (one without an English name) and a cycle. */
const shop = serveShopForFile(() => database.url, {
  prepare: async () => {
    const { db } = database;
    const meat = await createCategory(db, { name: "肉類", slug: "meat" });
    await createProduct(db, {
      categoryId: meat.id,
      name: "澳洲和牛西冷扒",
      nameEn: "Australian Wagyu Sirloin",
      mode: "general",
      gatherPriceCents: 19_800,
      priceCents: 23_800,
      marketPriceCents: 26_800,
      unit: "斤",
      defaultWeight: 2.5,
    });
    await createProduct(db, { categoryId: meat.id, name: "本地菜心", nameEn: "", mode: "instock", stock: 3 });
    await createCycle(db);
  },
});

const get = (url: string, headers?: Record<string, string>) => request(shop().url, url, { headers });
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const alternate = (html: string, lang: string) =>
  new RegExp(`<link rel="alternate" hrefLang="${lang}" href="([^"]+)"`).exec(html)?.[1];
const switchHref = (html: string) => /<a href="([^"]+)"[^>]*data-testid="language-switch"/.exec(html)?.[1];
/** The scripts a page loads up front (or one script and its imports), as one text. */
async function closureText(address: string, script = false): Promise<string> {
  const sources = script ? [address] : entryScripts((await get(address)).body);
  return [...(await scriptClosure(shop().url, sources)).values()].join("\n");
}

/** Catalogue keys left in a page: a message no loader of the page sent. */
const keysShown = (html: string) =>
  html.match(/>(?:nav|menu|listing|product|footer|mode|price|date|unit)\.[\w.]+</g) ?? [];

describe("/en/all", () => {
  it("leaves nothing in Chinese but shop content marked zh-HK, and no message key", async () => {
    const { body } = await get("/en/all");
    expect(chineseLeftIn(body)).toEqual([]);
    expect(keysLeftIn(body)).toEqual([]);
    // The same check finds the Chinese of the zh-HK page.
    expect(chineseLeftIn((await get("/all")).body).length).toBeGreaterThan(10);
  });

  it("is the listing in English, with HK English formats", async () => {
    const { status, body } = await get("/en/all");
    expect(status).toBe(200);
    expect(htmlLang(body)).toBe("en");
    expect(body).toContain(`<title>${listingCatalogue["listing.all.title"]} | Gather</title>`);
    expect(body).toContain(">Add to cart<");
    expect(body).toContain(">Group price<");
    expect(body).toContain("HK$198.00");
    // 斤 → catty, with its plural.
    expect(body).toContain("/catty");
    expect(body).toContain("About 2.5 catties");
    expect(body).toContain(">2 products<");
    expect(body).toContain(">3 left<");
    expect(body).toContain("Australian Wagyu Sirloin");
    // No English name yet: the Chinese one, marked as Chinese.
    expect(body).toMatch(/<h3 lang="zh-HK"><a [^>]*>本地菜心<\/a><\/h3>/);
    // "This round closes" and a date like "Mon 14 Dec, 12:00".
    expect(body).toMatch(
      /This round closes<\/span> (?:<!-- -->)?(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2}, \d\d:\d\d/,
    );
    expect(body).toContain(`>${shell["nav.location"]}<`);
    expect(keysShown(body)).toEqual([]);
    expect(body).not.toContain(zhListings["listing.all.title"]);
    expect(body).not.toContain(zhShell["nav.location"]);
  });

  it("links its language alternates, its canonical address and English pages", async () => {
    const { body } = await get("/en/all?sort=newest");
    expect(alternate(body, "zh-HK")).toBe(`${shop().url}/all?sort=newest`);
    expect(alternate(body, "en")).toBe(`${shop().url}/en/all?sort=newest`);
    expect(alternate(body, "x-default")).toBe(`${shop().url}/all?sort=newest`);
    expect(body).toContain(`<link rel="canonical" href="${shop().url}/en/all"/>`);
    expect(body).toContain('href="/en/instock"');
    expect(body).toContain('action="/en/product"');
    expect(body).not.toContain('href="/instock"');
    // The home page too: its English twin is its own canonical address.
    const home = (await get("/en")).body;
    expect(home).toContain(`<link rel="canonical" href="${shop().url}/en"/>`);
    expect(home).toContain(`<meta property="og:url" content="${shop().url}/en"/>`);
    expect((await get("/")).body).toContain(`<link rel="canonical" href="${shop().url}/"/>`);
  });

  it("switches to the same page and query in Chinese, and back", async () => {
    const en = await get("/en/all?sort=newest&page=1");
    expect(switchHref(en.body)).toBe("/all?sort=newest&amp;page=1&amp;lang=zh-HK");
    const zh = await get("/all?sort=newest");
    expect(htmlLang(zh.body)).toBe("zh-HK");
    expect(switchHref(zh.body)).toBe("/en/all?sort=newest&amp;lang=en");
    expect(alternate(zh.body, "en")).toBe(`${shop().url}/en/all?sort=newest`);
  });
});

describe("the gather_lang cookie", () => {
  it("keeps the language chosen with the switch, and drops the marker", async () => {
    const chosen = await get("/en/all?sort=newest&lang=en");
    expect(chosen.status).toBe(302);
    expect(chosen.headers.location).toBe("/en/all?sort=newest");
    expect(chosen.headers["set-cookie"]?.[0]).toMatch(/^gather_lang=en; Path=\/; Max-Age=\d+; SameSite=Lax/);
    const back = await get("/all?lang=zh-HK");
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe("/all");
    expect(back.headers["set-cookie"]?.[0]).toMatch(/^gather_lang=zh-HK;/);
  });

  it("sends a visitor who chose English from / to /en, and no one else", async () => {
    const english = await get("/", { cookie: "gather_lang=en" });
    expect(english.status).toBe(302);
    expect(english.headers.location).toBe("/en");
    const chinese = await get("/", { cookie: "gather_lang=zh-HK" });
    expect(chinese.status).toBe(200);
    const newcomer = await get("/");
    expect(newcomer.status).toBe(200);
    expect(htmlLang(newcomer.body)).toBe("zh-HK");
    // Any other zh-HK address stays as asked, whatever the cookie.
    const shared = await get("/all", { cookie: "gather_lang=en" });
    expect(shared.status).toBe(200);
    expect(htmlLang(shared.body)).toBe("zh-HK");
  });
});

describe("messages a page's scripts carry", () => {
  /** The text of every script the page loads up front: its module script's imports and theirs. */
  async function scriptsOf(html: string): Promise<string> {
    const seen = await scriptClosure(shop().url, entryScripts(html));
    expect(seen.size).toBeGreaterThan(5);
    return [...seen.values()].join("\n");
  }

  it("sends /en/all without zh-HK messages and /all without English ones", async () => {
    const english = await scriptsOf((await get("/en/all")).body);
    const chinese = await scriptsOf((await get("/all")).body);
    for (const key of ["listing.all.title", "listing.sort.newest", "listing.empty"] as const) {
      expect(english.includes(zhListings[key]), `${key} in zh-HK on /en/all`).toBe(false);
      expect(chinese.includes(listingCatalogue[key]), `${key} in English on /all`).toBe(false);
    }
    for (const key of ["nav.location", "nav.search.submit", "nav.openMenu"] as const) {
      expect(english.includes(zhShell[key]), `${key} in zh-HK on /en/all`).toBe(false);
      expect(chinese.includes(shell[key] as string), `${key} in English on /all`).toBe(false);
    }
  });
});

describe("the language chunks", () => {
  it("hold one language each, loaded by the page's words", async () => {
    const loader = await closureText("/en/all");
    const chunk = (name: string) =>
      loader.match(new RegExp(`import\\(["\`]\\./(${name.replace(".", "\\.")}-[\\w-]+\\.js)["\`]\\)`))?.[1];
    // The shell (every page) and the listing group (the lists), each one chunk per language.
    for (const [group, key, english, chinese] of [
      ["", "nav.guide", shell["nav.guide"], zhShell["nav.guide"]],
      [
        "listing.",
        "listing.all.title",
        listingCatalogue["listing.all.title"],
        zhListings["listing.all.title"],
      ],
    ] as const) {
      const en = chunk(`${group}en`);
      const zh = chunk(`${group}zh-HK`);
      expect(en, `${group}en chunk`).toBeDefined();
      expect(zh, `${group}zh-HK chunk`).toBeDefined();
      const englishText = await closureText(`/assets/${en}`, true);
      const chineseText = await closureText(`/assets/${zh}`, true);
      expect(englishText, key).toContain(english);
      expect(englishText.includes(chinese), key).toBe(false);
      expect(chineseText, key).toContain(chinese);
      expect(chineseText.includes(english), key).toBe(false);
    }
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("list pages in both languages", async () => {
    const { body } = await get("/sitemap.xml");
    expect(body).toContain(`<loc>${shop().url}/all</loc>`);
    expect(body).toContain(`<loc>${shop().url}/en/all</loc>`);
    expect(body).toContain(`<loc>${shop().url}/en</loc>`);
    expect(body).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${shop().url}/en/all"/>`);
    const robots = await get("/robots.txt");
    expect(robots.body).toContain("Disallow: /en/account");
  });
});
