import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../../app/db/schema/index.ts";
import {
  type ListingQuery,
  type ListingSort,
  listingModes,
  parseListingQuery,
} from "../../app/domain/catalogue/catalogue.ts";
import type { ListingOutcome } from "../../app/services/catalogue/catalogue.server.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createMerchant } from "../helpers/factories.ts";
import { createBrand, createCycle, createProduct, type ProductRow } from "./catalogue-fixtures.ts";

/**
 * The storefront's listing queries on PostgreSQL (issue 4): filters, sorts, paging, name search
 * with its escaping, and the side menu's counts per mode agreeing with the listings.
 */

const database = setupTestDatabase();
const catalogue = () => database.services.catalogue;

let rows: Record<string, ProductRow>;
let merchantId: number;
const paging: ProductRow[] = [];

function list(query: Partial<ListingQuery> & { merchantId?: number }) {
  return catalogue().listProducts({ mode: "all", sort: "gather", page: 1, ...query });
}

function names(outcome: ListingOutcome): string[] {
  if (!outcome.found) throw new Error("listing not found");
  return outcome.listing.products.map((product) => product.name);
}

beforeAll(async () => {
  const { db } = database;
  const meat = await createCategory(db, { name: "肉類", slug: "meat" });
  const steak = await createCategory(db, { name: "牛扒", slug: "steak", parentId: meat.id });
  const slices = await createCategory(db, { name: "火鍋片", slug: "slices", parentId: meat.id });
  const veg = await createCategory(db, { name: "蔬菜", slug: "veg" });
  const leafy = await createCategory(db, { name: "葉菜", slug: "leafy", parentId: veg.id });
  const pages = await createCategory(db, { name: "分頁", slug: "paging" });
  const wagyu = await createBrand(db, { name: "和牛牧場", slug: "wagyu-farm" });
  await createBrand(db, { name: "空品牌", slug: "empty-brand" });
  const merchant = await createMerchant(db, { name: "新記", slug: "san-kee" });
  merchantId = merchant.id;
  const day = (n: number) => new Date(Date.UTC(2030, 0, n));

  const meatProduct = (fields: Parameters<typeof createProduct>[1]) => createProduct(db, fields);
  rows = {
    sirloin: await meatProduct({
      categoryId: meat.id,
      subcategoryId: steak.id,
      name: "澳洲和牛西冷扒",
      nameEn: "Australian Wagyu Sirloin",
      mode: "general",
      gatherPriceCents: 30_000,
      priceCents: 33_000,
      marketPriceCents: 40_000, // 25% off
      brandId: wagyu.id,
      merchantId: merchant.id,
      createdAt: day(1),
    }),
    beefSlices: await meatProduct({
      categoryId: meat.id,
      subcategoryId: slices.id,
      name: "美國肥牛片",
      nameEn: "US Beef Slices",
      mode: "limited",
      gatherPriceCents: 9_000,
      priceCents: 10_000,
      marketPriceCents: 11_000, // 18% off
      stock: 40,
      createdAt: day(3),
    }),
    wagyuSlices: await meatProduct({
      categoryId: meat.id,
      subcategoryId: slices.id,
      name: "和牛火鍋片",
      nameEn: "Wagyu Hotpot Slices",
      mode: "instock",
      gatherPriceCents: 20_000,
      priceCents: 22_000,
      marketPriceCents: 30_000, // 33% off
      stock: 3,
      brandId: wagyu.id,
      createdAt: day(2),
    }),
    hidden: await meatProduct({
      categoryId: meat.id,
      subcategoryId: steak.id,
      name: "和牛未上架",
      nameEn: "Unpublished Wagyu",
      isPublished: false,
      brandId: wagyu.id,
      createdAt: day(9),
    }),
    burger: await meatProduct({
      categoryId: meat.id,
      subcategoryId: steak.id,
      name: "100% 純牛肉漢堡",
      nameEn: "Pure_Beef Burger",
      mode: "general",
      gatherPriceCents: 5_000,
      priceCents: 5_000,
      marketPriceCents: 5_500, // 9% off
      stock: 8,
      createdAt: day(4),
    }),
    backslash: await meatProduct({
      categoryId: meat.id,
      name: "牛腩 C:\\ 特價",
      nameEn: "Brisket",
      mode: "limited",
      gatherPriceCents: 7_000,
      priceCents: 7_000,
      marketPriceCents: 7_000, // no discount
      createdAt: day(5),
    }),
    choySum: await createProduct(db, {
      categoryId: veg.id,
      subcategoryId: leafy.id,
      name: "有機菜心",
      nameEn: "Organic Choy Sum",
      mode: "instock",
      gatherPriceCents: 2_800,
      priceCents: 3_400,
      marketPriceCents: 3_800,
      stock: 0,
    }),
  };
  // 65 products for paging; every fifth shares its price with the one before (ties go by id).
  for (let i = 0; i < 65; i++) {
    paging.push(
      await createProduct(db, {
        categoryId: pages.id,
        name: `分頁產品${i}`,
        gatherPriceCents: 1_000 + (i % 5 === 4 ? i - 1 : i) * 10,
      }),
    );
  }
});

describe("filters", () => {
  it("lists one mode only, published products only", async () => {
    expect(names(await list({ mode: "limited", cat: "meat" }))).toEqual(["牛腩 C:\\ 特價", "美國肥牛片"]);
    expect(names(await list({ mode: "instock", cat: "meat" }))).toEqual(["和牛火鍋片"]);
    const general = names(await list({ mode: "general", cat: "meat" }));
    expect(general).toEqual(["100% 純牛肉漢堡", "澳洲和牛西冷扒"]);
    expect(general).not.toContain("和牛未上架");
  });

  it("filters by category and subcategory, by subcategory alone, by brand and by merchant", async () => {
    expect(names(await list({ cat: "meat", subcat: "steak" }))).toEqual([
      "100% 純牛肉漢堡",
      "澳洲和牛西冷扒",
    ]);
    expect(names(await list({ subcat: "slices" }))).toEqual(["美國肥牛片", "和牛火鍋片"]);
    expect(names(await list({ collection: "wagyu-farm" }))).toEqual(["和牛火鍋片", "澳洲和牛西冷扒"]);
    expect(names(await list({ merchantId }))).toEqual(["澳洲和牛西冷扒"]);
    expect(names(await list({ collection: "empty-brand" }))).toEqual([]);
  });

  it("resolves the named filters for the page heading", async () => {
    const outcome = await list({ cat: "meat", subcat: "slices", collection: "wagyu-farm" });
    expect(outcome.found && outcome.listing).toMatchObject({
      category: { name: "肉類", slug: "meat" },
      subcategory: { name: "火鍋片", slug: "slices" },
      brand: { name: "和牛牧場", slug: "wagyu-farm" },
      total: 1,
    });
  });

  it("answers not found for unknown slugs and for a subcategory of another category", async () => {
    for (const query of [
      { cat: "nope" },
      { subcat: "nope" },
      { collection: "nope" },
      { cat: "veg", subcat: "steak" },
      // A subcategory is not a top-level category.
      { cat: "steak" },
      // …and a top-level category is not a subcategory.
      { subcat: "meat" },
    ]) {
      expect((await list(query)).found, JSON.stringify(query)).toBe(false);
    }
  });

  it("shows everything a product card needs, with 0 buyers until orders exist", async () => {
    const outcome = await list({ collection: "wagyu-farm", mode: "general" });
    const card = outcome.found ? outcome.listing.products[0] : undefined;
    // What a card and its drawer show, and nothing of the product's own page (decision 0042).
    for (const field of ["slug", "category", "subcategory", "updatedAt"])
      expect(card).not.toHaveProperty(field);
    expect(card).toEqual(
      expect.objectContaining({
        id: rows.sirloin!.id,
        name: "澳洲和牛西冷扒",
        mode: "general",
        priceCents: 33_000,
        gatherPriceCents: 30_000,
        marketPriceCents: 40_000,
        unit: "件",
        defaultWeight: 1,
        targetBuyers: 10,
        buyers: 0,
        brand: { name: "和牛牧場", nameEn: "", slug: "wagyu-farm" },
        merchant: { id: merchantId, name: "新記", nameEn: "", slug: "san-kee" },
      }),
    );
  });
});

describe("sorts", () => {
  const sorted = async (sort: ListingSort) => names(await list({ cat: "meat", sort }));

  it("sorts by group price by default, lowest first", async () => {
    expect(await sorted("gather")).toEqual([
      "100% 純牛肉漢堡",
      "牛腩 C:\\ 特價",
      "美國肥牛片",
      "和牛火鍋片",
      "澳洲和牛西冷扒",
    ]);
  });

  it("sorts newest first", async () => {
    expect(await sorted("newest")).toEqual([
      "牛腩 C:\\ 特價",
      "100% 純牛肉漢堡",
      "美國肥牛片",
      "和牛火鍋片",
      "澳洲和牛西冷扒",
    ]);
  });

  it("sorts by the saving off the market price, biggest first", async () => {
    expect(await sorted("discount")).toEqual([
      "和牛火鍋片",
      "澳洲和牛西冷扒",
      "美國肥牛片",
      "100% 純牛肉漢堡",
      "牛腩 C:\\ 特價",
    ]);
  });

  it("sorts group buys (closing at the cut-off) before instock, fewest left first", async () => {
    expect(await sorted("ending")).toEqual([
      "100% 純牛肉漢堡", // 8 left
      "美國肥牛片", // 40 left
      "牛腩 C:\\ 特價", // unlimited, cheaper
      "澳洲和牛西冷扒", // unlimited
      "和牛火鍋片", // instock
    ]);
  });
});

describe("paging (30 per page)", () => {
  it("splits 65 products into pages of 30, 30 and 5 in group-price order, ties by id", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => list({ cat: "paging", page })));
    const ids = pages.map((outcome) => (outcome.found ? outcome.listing.products.map((p) => p.id) : []));
    expect(ids.map((page) => page.length)).toEqual([30, 30, 5]);
    const expected = [...paging]
      .sort((a, b) => a.gatherPriceCents - b.gatherPriceCents || a.id - b.id)
      .map((p) => p.id);
    expect(ids.flat()).toEqual(expected);
    expect(pages[0]!.found && pages[0]!.listing).toMatchObject({ total: 65, pages: 3, page: 1 });
  });

  it("answers not found past the last page, but an empty list has its page 1", async () => {
    expect((await list({ cat: "paging", page: 4 })).found).toBe(false);
    const empty = await list({ name: "沒有這個產品" });
    expect(empty.found && empty.listing).toMatchObject({ total: 0, pages: 1, products: [] });
  });

  it("keeps paging from the URL safe: nonsense falls back to page 1", async () => {
    const query = parseListingQuery("all", new URLSearchParams("cat=paging&page=-1&sort=evil"));
    const outcome = await catalogue().listProducts(query);
    expect(outcome.found && outcome.listing.page).toBe(1);
  });
});

describe("name search", () => {
  const search = async (name: string) => names(await list({ name })).sort();

  it("finds Chinese substrings", async () => {
    expect(await search("和牛")).toEqual(["和牛火鍋片", "澳洲和牛西冷扒"].sort());
    expect(await search("肥牛")).toEqual(["美國肥牛片"]);
  });

  it("finds English substrings in any case", async () => {
    expect(await search("wagyu")).toEqual(["和牛火鍋片", "澳洲和牛西冷扒"].sort());
    expect(await search("WAGYU hotpot")).toEqual(["和牛火鍋片"]);
    expect(await search("choy")).toEqual(["有機菜心"]);
  });

  it("matches within one name, never across the Chinese and the English one", async () => {
    // search_text joins the two names with a line break, which a search never holds.
    expect(await search("片 wagyu")).toEqual([]);
    expect(await search("片wagyu")).toEqual([]);
    expect(await search("slices")).toEqual(["和牛火鍋片", "美國肥牛片"].sort());
  });

  it("finds a renamed product by its new names at once", async () => {
    const { db } = database;
    await db
      .update(products)
      .set({ name: "有機芥蘭", nameEn: "Organic Kai Lan" })
      .where(eq(products.id, rows.choySum!.id));
    try {
      expect(await search("芥蘭")).toEqual(["有機芥蘭"]);
      expect(await search("KAI LAN")).toEqual(["有機芥蘭"]);
      expect(await search("菜心")).toEqual([]);
    } finally {
      await db
        .update(products)
        .set({ name: "有機菜心", nameEn: "Organic Choy Sum" })
        .where(eq(products.id, rows.choySum!.id));
    }
  });

  it("takes %, _ and \\ literally", async () => {
    expect(await search("%")).toEqual(["100% 純牛肉漢堡"]);
    expect(await search("_")).toEqual(["100% 純牛肉漢堡"]);
    expect(await search("e_B")).toEqual(["100% 純牛肉漢堡"]);
    expect(await search("\\")).toEqual(["牛腩 C:\\ 特價"]);
    expect(await search("%%")).toEqual([]);
  });

  it("combines with the other filters", async () => {
    expect(names(await list({ name: "和牛", mode: "instock" }))).toEqual(["和牛火鍋片"]);
    expect(names(await list({ name: "牛", cat: "meat", subcat: "steak" }))).toEqual([
      "100% 純牛肉漢堡",
      "澳洲和牛西冷扒",
    ]);
  });
});

describe("counts per mode (SPEC §3's four simplified documents)", () => {
  it("counts published products per category node and mode", async () => {
    const tree = await database.services.site.content.categoryTree();
    const meat = tree.find((node) => node.slug === "meat")!;
    expect(meat.noOfDocuments).toBe(5);
    expect(meat.counts).toEqual({ all: 5, general: 2, limited: 2, instock: 1 });
    expect(meat.subCats.find((sub) => sub.slug === "steak")!.counts).toEqual({
      all: 2,
      general: 2,
      limited: 0,
      instock: 0,
    });
    expect(meat.subCats.find((sub) => sub.slug === "slices")!.counts).toEqual({
      all: 2,
      general: 0,
      limited: 1,
      instock: 1,
    });
  });

  it("agrees with the listings for every node and mode", async () => {
    const tree = await database.services.site.content.categoryTree();
    for (const node of tree) {
      for (const mode of listingModes) {
        const top = await list({ mode, cat: node.slug });
        expect(top.found && top.listing.total, `${node.slug} ${mode}`).toBe(node.counts[mode]);
        for (const sub of node.subCats) {
          const child = await list({ mode, cat: node.slug, subcat: sub.slug });
          expect(child.found && child.listing.total, `${node.slug}/${sub.slug} ${mode}`).toBe(
            sub.counts[mode],
          );
        }
      }
    }
    const totals = await catalogue().modeCounts();
    for (const mode of listingModes) {
      const all = await list({ mode });
      expect(all.found && all.listing.total, mode).toBe(totals[mode]);
    }
  });

  it("follows product changes at once (nothing is cached)", async () => {
    const { db } = database;
    const before = await catalogue().modeCounts();
    const veg = (await database.services.site.content.categoryTree()).find((node) => node.slug === "veg")!;
    await createProduct(db, { categoryId: veg.id, mode: "limited" });
    const after = await catalogue().modeCounts();
    expect(after.limited).toBe(before.limited + 1);
    expect(after.all).toBe(before.all + 1);
  });
});

describe("one product and the drawer link", () => {
  it("finds a published product by id and nothing else", async () => {
    expect((await catalogue().productById(rows.sirloin!.id))?.name).toBe("澳洲和牛西冷扒");
    expect(await catalogue().productById(rows.hidden!.id)).toBeNull();
    expect(await catalogue().productById(9_999_999)).toBeNull();
  });

  it("reads ?product= safely", async () => {
    const drawer = (query: string) => catalogue().drawerProduct(new URLSearchParams(query));
    expect(await drawer("")).toBeNull();
    expect(((await drawer(`product=${rows.burger!.id}`)) as { name: string }).name).toBe("100% 純牛肉漢堡");
    for (const bad of [
      "product=abc",
      "product=-1",
      "product=1.5",
      `product=${rows.hidden!.id}`,
      "product=99999999999",
    ]) {
      expect(await drawer(bad), bad).toBe("missing");
    }
  });
});

describe("brands, home rows and the sitemap", () => {
  it("counts each brand's products on sale", async () => {
    const brands = await catalogue().brandsWithCounts();
    expect(brands.find((brand) => brand.slug === "wagyu-farm")?.products).toBe(2);
    expect(brands.find((brand) => brand.slug === "empty-brand")?.products).toBe(0);
  });

  it("fills the home rows without repeating a product", async () => {
    const { hot, closing, instock } = await catalogue().homeSections(6);
    expect(hot.every((product) => product.mode !== "instock")).toBe(true);
    expect(closing.every((product) => product.mode === "limited")).toBe(true);
    // Sold-out instock items stay off the home page.
    expect(instock.map((product) => product.name)).toEqual(["和牛火鍋片"]);
    const ids = [...hot, ...closing].map((product) => product.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("lists published products, categories with their subcategories, brands and merchants", async () => {
    const entries = await catalogue().sitemapEntries();
    const ids = entries.products.map((product) => product.id);
    expect(ids).toContain(rows.sirloin!.id);
    expect(ids).not.toContain(rows.hidden!.id);
    expect(entries.categories.slice(0, 3)).toEqual([
      { cat: "meat", subcat: null },
      { cat: "meat", subcat: "steak" },
      { cat: "meat", subcat: "slices" },
    ]);
    expect(entries.brands.map((brand) => brand.slug)).toContain("wagyu-farm");
    expect(entries.merchants.map((merchant) => merchant.slug)).toContain("san-kee");
  });
});

describe("cycles and the database's own rules", () => {
  it("has no open cycle until one is created, and refuses a second open one", async () => {
    expect(await catalogue().openCycle()).toBeNull();
    const cycle = await createCycle(database.db, { pickupFrom: "2030-01-03", pickupTo: "2030-01-05" });
    expect(await catalogue().openCycle()).toEqual({
      id: cycle.id,
      cutoffAt: cycle.cutoffAt.toISOString(),
      pickupFrom: "2030-01-03",
      pickupTo: "2030-01-05",
    });
    await expect(createCycle(database.db)).rejects.toThrow();
    // Settled cycles are history: any number of them.
    await createCycle(database.db, { status: "settled" });
    await createCycle(database.db, { status: "settled" });
  });

  it("refuses impossible products", async () => {
    const categoryId = rows.sirloin!.categoryId;
    const bad: Parameters<typeof createProduct>[1][] = [
      { categoryId, gatherPriceCents: 12_000, priceCents: 10_000 },
      { categoryId, priceCents: -1, gatherPriceCents: -1 },
      { categoryId, marketPriceCents: -100 },
      { categoryId, stock: -1 },
      { categoryId, mode: "instock", stock: null },
      { categoryId, mode: "general", targetBuyers: null },
      { categoryId, unit: "件", defaultWeight: 2 },
      { categoryId, unit: "磅", defaultWeight: 0 },
      { categoryId, name: "   " },
      { categoryId, addToCartQty: 0 },
    ];
    for (const fields of bad) {
      await expect(createProduct(database.db, fields), JSON.stringify(fields)).rejects.toThrow();
    }
    // A weight-priced product with its estimated weight is fine.
    const weighed = await createProduct(database.db, { categoryId, unit: "磅", defaultWeight: 2.5 });
    expect((await catalogue().productById(weighed.id))?.defaultWeight).toBe(2.5);
  });
});
