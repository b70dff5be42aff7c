/**
 * The storefront's read side of the catalogue (issue 4): listings, one product, the open cycle,
 * brands, merchants and the sitemap. Every storefront query starts from `publishedProducts`, so
 * the side menu's counts, the listings and the sitemap always agree on what is on sale. The open
 * cycle and the counts per mode are shop-wide reads (decision 0045): kept a second by the server,
 * forgotten when the back office writes on this instance. Products, stock and progress are not kept.
 */
import { and, asc, count, desc, eq, notInArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { brands, categories, merchants, orderCycles, products } from "~/db/schema/index.ts";
import {
  addToModeCounts,
  emptyModeCounts,
  LISTING_PAGE_SIZE,
  type ListingQuery,
  type ListingSort,
  type ModeCounts,
  type OpenCycleView,
  type ProductCardView,
  type ProductDetailsView,
  type ProductView,
  pageCountFor,
} from "~/domain/catalogue/catalogue.ts";
import { containsPattern } from "~/domain/shared/like-pattern.ts";
import type { ProductMode } from "~/domain/shared/pricing.ts";
import { isRecordId, parseRecordId } from "~/domain/shared/record-fields.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { groupBuyerCounts } from "../shared/order-rules.server.ts";
import type { ShopWideReads } from "../shared/shop-wide-reads.server.ts";
import {
  type NamedFilter,
  namedFilter,
  type ProductRow,
  productDetailsColumns,
  selectProducts,
  toCardView,
  toView,
} from "./product-rows.server.ts";
import { sitemapEntries } from "./sitemap.server.ts";

/** The one definition of "on sale": published. Listings, counts and the sitemap all use it. */
function publishedProducts(mode: ProductMode | "all" = "all"): SQL {
  const published = eq(products.isPublished, true);
  return mode === "all" ? published : (and(published, eq(products.mode, mode)) as SQL);
}

/**
 * Published products per category node and mode, for the side menu (SPEC §3's four simplified
 * documents, SPEC §7): keyed by category id, top-level nodes and subcategories alike.
 */
export async function countPublishedByCategory(db: Db): Promise<Map<number, ModeCounts>> {
  const rows = await db
    .select({
      categoryId: products.categoryId,
      subcategoryId: products.subcategoryId,
      mode: products.mode,
      count: count(),
    })
    .from(products)
    .where(publishedProducts())
    .groupBy(products.categoryId, products.subcategoryId, products.mode);
  const counts = new Map<number, ModeCounts>();
  const add = (id: number, mode: ProductMode, n: number) => {
    const node = counts.get(id) ?? emptyModeCounts();
    addToModeCounts(node, mode, n);
    counts.set(id, node);
  };
  for (const row of rows) {
    add(row.categoryId, row.mode, row.count);
    if (row.subcategoryId !== null) add(row.subcategoryId, row.mode, row.count);
  }
  return counts;
}

const discountRatio = sql`case when ${products.marketPriceCents} > 0
  then (${products.marketPriceCents} - ${products.gatherPriceCents})::float8 / ${products.marketPriceCents}
  else 0 end`;

/** ORDER BY for each sort; the id last makes paging stable when values tie. */
function orderFor(sort: ListingSort): SQL[] {
  switch (sort) {
    case "newest":
      return [desc(products.createdAt), desc(products.id)];
    case "discount":
      return [sql`${discountRatio} desc`, asc(products.gatherPriceCents), asc(products.id)];
    case "ending":
      return [
        sql`(${products.mode} = 'instock') asc`,
        sql`${products.stock} asc nulls last`,
        asc(products.gatherPriceCents),
        asc(products.id),
      ];
    default:
      return [asc(products.gatherPriceCents), asc(products.id)];
  }
}

interface ListingResult {
  products: ProductCardView[];
  total: number;
  page: number;
  pages: number;
  /** The named filters, resolved, for headings and breadcrumbs; with their English (blank: none). */
  category: NamedFilter | null;
  subcategory: NamedFilter | null;
  brand: (NamedFilter & { logo: string | null }) | null;
}

export type ListingOutcome = { found: true; listing: ListingResult } | { found: false };

export interface MerchantView {
  id: number;
  name: string;
  nameEn: string;
  slug: string;
  description: string;
  descriptionEn: string;
  address: string;
  addressEn: string;
  logo: string | null;
  freeDelivery: boolean;
}

export function createCatalogueService({ db, env }: ServiceDeps, shopWide: ShopWideReads) {
  /** Distinct members with a paid, not cancelled line per product in the cycle (DESIGN §4.3). */
  async function groupBuyers(productIds: number[], cycleId: number | null): Promise<Map<number, number>> {
    if (cycleId === null) return new Map();
    return groupBuyerCounts(db, cycleId, productIds);
  }

  const openCycle = () => shopWide.read("openCycle", readOpenCycle);

  async function readOpenCycle(): Promise<OpenCycleView | null> {
    const [cycle] = await db.select().from(orderCycles).where(eq(orderCycles.status, "open")).limit(1);
    if (!cycle) return null;
    return {
      id: cycle.id,
      cutoffAt: cycle.cutoffAt.toISOString(),
      pickupFrom: cycle.pickupFrom,
      pickupTo: cycle.pickupTo,
    };
  }

  /** Each row as `view` makes it, with its buyers in the open cycle. */
  async function withBuyers<View>(
    rows: ProductRow[],
    view: (row: ProductRow, buyers: number) => View,
  ): Promise<View[]> {
    if (rows.length === 0) return [];
    const cycle = await openCycle();
    const buyers = await groupBuyers(
      rows.map((row) => row.product.id),
      cycle?.id ?? null,
    );
    return rows.map((row) => view(row, buyers.get(row.product.id) ?? 0));
  }

  async function categoryBySlug(slug: string, parentId: number | null | "any") {
    const [row] = await db
      .select()
      .from(categories)
      .where(
        and(
          eq(categories.slug, slug),
          parentId === "any"
            ? sql`${categories.parentId} is not null`
            : parentId === null
              ? sql`${categories.parentId} is null`
              : eq(categories.parentId, parentId),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /**
   * One page of a listing. Unknown category, subcategory or brand slugs, or a page past the end,
   * come back as not found (the route answers 404); a search that matches nothing is an empty page.
   */
  async function listProducts(query: ListingQuery & { merchantId?: number }): Promise<ListingOutcome> {
    const conditions: SQL[] = [publishedProducts(query.mode)];
    let category: ListingResult["category"] = null;
    let subcategory: ListingResult["subcategory"] = null;
    let brand: ListingResult["brand"] = null;

    if (query.cat) {
      const row = await categoryBySlug(query.cat, null);
      if (!row) return { found: false };
      category = namedFilter(row);
      conditions.push(eq(products.categoryId, row.id));
      if (query.subcat) {
        const sub = await categoryBySlug(query.subcat, row.id);
        if (!sub) return { found: false };
        subcategory = namedFilter(sub);
        conditions.push(eq(products.subcategoryId, sub.id));
      }
    } else if (query.subcat) {
      const sub = await categoryBySlug(query.subcat, "any");
      if (!sub) return { found: false };
      subcategory = namedFilter(sub);
      conditions.push(eq(products.subcategoryId, sub.id));
    }
    if (query.collection) {
      const [row] = await db.select().from(brands).where(eq(brands.slug, query.collection)).limit(1);
      if (!row) return { found: false };
      brand = { ...namedFilter(row), logo: row.logo };
      conditions.push(eq(products.brandId, row.id));
    }
    if (query.merchantId !== undefined) conditions.push(eq(products.merchantId, query.merchantId));
    if (query.name) {
      // Backslash is LIKE's default escape character; containsPattern escapes % _ and \ with it.
      // search_text is both names lower-cased by PostgreSQL, so lower() on the pattern makes this
      // the ILIKE it replaces, without lower-casing every row (migration 0006; bench:listing).
      const pattern = containsPattern(query.name);
      conditions.push(sql`${products.searchText} like lower(${pattern})`);
    }

    const where = and(...conditions);
    const [totals, rows] = await Promise.all([
      db.select({ total: count() }).from(products).where(where),
      selectProducts(db)
        .where(where)
        .orderBy(...orderFor(query.sort))
        .limit(LISTING_PAGE_SIZE)
        .offset((query.page - 1) * LISTING_PAGE_SIZE),
    ]);
    const total = totals[0]?.total ?? 0;
    const pages = pageCountFor(total);
    if (query.page > pages) return { found: false };
    return {
      found: true,
      listing: {
        products: await withBuyers(rows, toCardView),
        total,
        page: query.page,
        pages,
        category,
        subcategory,
        brand,
      },
    };
  }

  async function productById(id: number): Promise<ProductView | null> {
    if (!isRecordId(id)) return null;
    const rows = await selectProducts(db)
      .where(and(publishedProducts(), eq(products.id, id)))
      .limit(1);
    const [view] = await withBuyers(rows, toView);
    return view ?? null;
  }

  /** What the drawer shows besides the card, for a published product; null for any other id. */
  async function productDetails(id: number): Promise<ProductDetailsView | null> {
    if (!isRecordId(id)) return null;
    const [details] = await db
      .select(productDetailsColumns)
      .from(products)
      .where(and(publishedProducts(), eq(products.id, id)))
      .limit(1);
    return details ?? null;
  }

  /** Home page rows (hot group buys, closing soon, instock), each without repeating another's products. */
  async function homeSections(size = 8) {
    const groupModes = sql`${products.mode} in ('general', 'limited')`;
    const [hot, instock] = await Promise.all([
      selectProducts(db)
        .where(and(publishedProducts(), groupModes))
        .orderBy(...orderFor("discount"))
        .limit(size),
      selectProducts(db)
        .where(and(publishedProducts("instock"), sql`${products.stock} > 0`))
        .orderBy(...orderFor("ending"))
        .limit(size),
    ]);
    const hotIds = hot.map((row) => row.product.id);
    const closing = await selectProducts(db)
      .where(
        and(publishedProducts("limited"), hotIds.length > 0 ? notInArray(products.id, hotIds) : undefined),
      )
      .orderBy(...orderFor("ending"))
      .limit(size);
    // The three rows' progress in one statement.
    const cards = await withBuyers([...hot, ...closing, ...instock], toCardView);
    return {
      hot: cards.slice(0, hot.length),
      closing: cards.slice(hot.length, hot.length + closing.length),
      instock: cards.slice(hot.length + closing.length),
    };
  }

  /**
   * The product a page's `?product=` opens in the drawer: null when the URL opens none,
   * "missing" for an id that is malformed, unknown or not published (the page answers 404).
   */
  async function drawerProduct(params: URLSearchParams): Promise<ProductView | null | "missing"> {
    const value = params.get("product");
    if (value === null) return null;
    const id = parseRecordId(value);
    return (id === null ? null : await productById(id)) ?? "missing";
  }

  /** The shop's public address for canonical links and the sitemap: PUBLIC_URL, else the request's own. */
  function publicOrigin(requestUrl: string): string {
    return (env.PUBLIC_URL ?? new URL(requestUrl).origin).replace(/\/+$/, "");
  }

  return {
    openCycle,
    groupBuyers,
    listProducts,
    productById,
    productDetails,
    homeSections,

    drawerProduct,

    /**
     * What every page that lists products loads besides them: the open cycle, the product the
     * address opens in the drawer and the public origin; null when that product is missing (404).
     */
    async productPage(requestUrl: string) {
      const [cycle, drawer] = await Promise.all([
        openCycle(),
        drawerProduct(new URL(requestUrl).searchParams),
      ]);
      if (drawer === "missing") return null;
      return { cycle, drawerProduct: drawer, origin: publicOrigin(requestUrl) };
    },

    modeCounts(): Promise<ModeCounts> {
      return shopWide.read("modeCounts", async () => {
        const rows = await db
          .select({ mode: products.mode, count: count() })
          .from(products)
          .where(publishedProducts())
          .groupBy(products.mode);
        const counts = emptyModeCounts();
        for (const row of rows) addToModeCounts(counts, row.mode, row.count);
        return counts;
      });
    },

    /** Every brand with its number of products on sale, for /collection. */
    async brandsWithCounts() {
      const rows = await db
        .select({
          id: brands.id,
          name: brands.name,
          nameEn: brands.nameEn,
          slug: brands.slug,
          description: brands.description,
          descriptionEn: brands.descriptionEn,
          logo: brands.logo,
          isMeat: brands.isMeat,
          products: sql<number>`count(${products.id})::int`,
        })
        .from(brands)
        .leftJoin(products, and(eq(products.brandId, brands.id), publishedProducts()))
        .groupBy(brands.id)
        .orderBy(asc(brands.position), asc(brands.id));
      return rows;
    },

    async merchantById(id: number): Promise<MerchantView | null> {
      if (!isRecordId(id)) return null;
      const [row] = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
      if (!row) return null;
      return {
        id: row.id,
        name: row.name,
        nameEn: row.nameEn,
        slug: row.slug,
        description: row.description,
        descriptionEn: row.descriptionEn,
        address: row.address,
        addressEn: row.addressEn,
        logo: row.logo,
        freeDelivery: row.freeDelivery,
      };
    },

    /** What /sitemap.xml lists besides the fixed pages. */
    sitemapEntries: () => sitemapEntries(db, publishedProducts()),

    publicOrigin,
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
