import { sql } from "drizzle-orm";
import { DEFAULT_PICKUP_HOURS_EN } from "../../domain/pickup/admin-pickup.schema.ts";
import type { Db, Tx } from "../client.server.ts";
import {
  type Area,
  banners,
  brands,
  categories,
  discountCodes,
  members,
  merchants,
  orderCycles,
  pickupDistricts,
  pickupPoints,
  products,
  siteSettings,
} from "../schema/index.ts";
import {
  type Artwork,
  badgeArt,
  bannerArt,
  shopfrontArt,
  tileArt,
  writeWebpVariants,
} from "./artwork.server.ts";
import {
  demoBanners,
  demoBrands,
  demoCategories,
  demoDiscountCodes,
  demoDistricts,
  demoMembers,
  demoMerchants,
  demoPickupPoints,
  demoSettings,
  demoTopBanners,
  type Palette,
} from "./demo-data.ts";
import { demoProducts } from "./demo-products.ts";
import { productBoardArt, productCoverArt } from "./product-artwork.server.ts";

/** Serialises seeding when several app instances start on one empty database at once. */
const SEED_LOCK = 727_002;

/**
 * Seeds the demo shop (DESIGN §7) when the database has no shop yet; returns whether it seeded.
 * Everything goes in one transaction, so a failed seed leaves the database empty and the next
 * start tries again.
 */
export async function seedDemoIfEmpty(db: Db, options: { dataDir: string }): Promise<boolean> {
  if (await hasShop(db)) return false;
  const images = await drawDemoImages(options.dataDir);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasShop(tx)) return false;
    await insertDemoShop(tx, images);
    return true;
  });
}

/**
 * A shop is its content. The settings row alone does not count: the app creates it with defaults
 * whenever it is missing (e.g. `npm run settings` on a new database before the first start).
 */
async function hasShop(db: Db | Tx): Promise<boolean> {
  const existing = await db.execute(sql`
    select exists (select 1 from categories) or exists (select 1 from merchants)
        or exists (select 1 from pickup_districts) or exists (select 1 from banners) as found`);
  return existing.rows[0]?.found === true;
}

interface Variants {
  desktop: string;
  mobile: string;
}

type DemoImages = Awaited<ReturnType<typeof drawDemoImages>>;

const bannerSizes = {
  carousel: { desktop: [1440, 480], mobile: [800, 600] },
  popup: { desktop: [640, 480], mobile: [640, 480] },
  location: { desktop: [1440, 360], mobile: [800, 400] },
} as const;

const areaAwnings: Record<Area, Palette> = {
  香港島: ["#b3261e", "#fff7ed"],
  九龍: ["#1f6f9c", "#fff7ed"],
  新界及離島: ["#2f7a34", "#fff7ed"],
};

/** Draws every demo image (all at once: sharp works on its own threads) and returns their URLs. */
async function drawDemoImages(dataDir: string) {
  const write = (folder: string, art: Artwork) => writeWebpVariants(dataDir, folder, art);
  const pair = async (folder: string, desktop: Artwork, mobile: Artwork): Promise<Variants> => {
    const [d, m] = await Promise.all([write(folder, desktop), write(folder, mobile)]);
    return { desktop: d, mobile: m };
  };

  const categoryArt = new Map(demoCategories.map((c) => [c.slug, c.art]));
  const [categoryImages, merchantLogos, brandLogos, bannerImages, shopfronts, productImages] =
    await Promise.all([
      Promise.all(
        demoCategories.map((c) =>
          write("categories", tileArt(c.slug, c.art.icon, c.art.palette, c.art.ink)).then(
            (url) => [c.slug, url] as const,
          ),
        ),
      ),
      Promise.all(
        demoMerchants.map((m) =>
          write("merchants", badgeArt(m.slug, m.art.icon, m.art.palette)).then(
            (url) => [m.slug, url] as const,
          ),
        ),
      ),
      Promise.all(
        demoBrands.map((b) =>
          write("brands", badgeArt(b.slug, b.art.icon, b.art.palette, b.art.ring)).then(
            (url) => [b.slug, url] as const,
          ),
        ),
      ),
      Promise.all(
        demoBanners.map((banner) => {
          const size = bannerSizes[banner.kind];
          const name = `${banner.kind}-${banner.art}`;
          if (banner.kind === "popup") {
            return write("banners", bannerArt(name, banner.art, size.desktop[0], size.desktop[1])).then(
              (url) => ({
                desktop: url,
                mobile: url,
              }),
            );
          }
          return pair(
            "banners",
            bannerArt(`${name}-desktop`, banner.art, size.desktop[0], size.desktop[1]),
            bannerArt(`${name}-mobile`, banner.art, size.mobile[0], size.mobile[1]),
          );
        }),
      ),
      Promise.all(
        Object.entries(areaAwnings).map(([area, awning], i) =>
          pair(
            "pickup-points",
            shopfrontArt(`shopfront-${i + 1}-desktop`, awning, 1200, 400),
            shopfrontArt(`shopfront-${i + 1}-mobile`, awning, 800, 400),
          ).then((variants) => [area as Area, variants] as const),
        ),
      ),
      Promise.all(
        demoProducts.map(async (product) => {
          const art = categoryArt.get(product.cat);
          if (!art) throw new Error(`demo product ${product.slug}: unknown category ${product.cat}`);
          const cover = write("products", productCoverArt(product.slug, product.icon, art.palette, art.ink));
          const board = product.board
            ? write("products", productBoardArt(`${product.slug}-board`, product.icon, art.palette, art.ink))
            : null;
          const urls = await Promise.all(board ? [cover, board] : [cover]);
          return [product.slug, urls] as const;
        }),
      ),
    ]);

  return {
    categories: new Map(categoryImages),
    merchants: new Map(merchantLogos),
    brands: new Map(brandLogos),
    banners: bannerImages,
    shopfronts: new Map(shopfronts),
    products: new Map(productImages),
  };
}

async function insertDemoShop(tx: Tx, images: DemoImages) {
  // Keeps a maintenance state someone set before the first start.
  await tx
    .insert(siteSettings)
    .values({ id: 1, ...demoSettings })
    .onConflictDoUpdate({ target: siteSettings.id, set: { ...demoSettings, updatedAt: new Date() } });

  const categoryIds = new Map<string, number>();
  for (const [position, category] of demoCategories.entries()) {
    const [parent] = await tx
      .insert(categories)
      .values({
        name: category.name,
        nameEn: category.nameEn,
        slug: category.slug,
        description: category.description,
        descriptionEn: category.descriptionEn,
        position,
        image: images.categories.get(category.slug) ?? null,
      })
      .returning({ id: categories.id });
    const children = await tx
      .insert(categories)
      .values(
        category.subCats.map((sub, subPosition) => ({
          parentId: parent!.id,
          name: sub.name,
          nameEn: sub.nameEn,
          slug: sub.slug,
          description: sub.description ?? "",
          descriptionEn: sub.descriptionEn ?? "",
          position: subPosition,
        })),
      )
      .returning({ id: categories.id, slug: categories.slug });
    categoryIds.set(category.slug, parent!.id);
    for (const child of children) categoryIds.set(child.slug, child.id);
  }

  const merchantRows = await tx
    .insert(merchants)
    .values(
      demoMerchants.map(({ art: _art, ...merchant }) => ({
        ...merchant,
        logo: images.merchants.get(merchant.slug) ?? null,
      })),
    )
    .returning({ id: merchants.id, slug: merchants.slug });
  const merchantIds = new Map(merchantRows.map((row) => [row.slug, row.id]));

  const brandRows = await tx
    .insert(brands)
    .values(
      demoBrands.map(({ art: _art, ...brand }, position) => ({
        ...brand,
        position,
        logo: images.brands.get(brand.slug) ?? null,
      })),
    )
    .returning({ id: brands.id, slug: brands.slug });
  const brandIds = new Map(brandRows.map((row) => [row.slug, row.id]));

  await insertDemoProducts(tx, images, { categoryIds, brandIds, merchantIds });
  await tx.insert(orderCycles).values(demoCycle(new Date()));
  await tx.insert(discountCodes).values(demoDiscountCodes);

  const districtRows = await tx
    .insert(pickupDistricts)
    .values(demoDistricts.map((district, position) => ({ ...district, position })))
    .returning();
  const districts = new Map(districtRows.map((row) => [row.name, row]));

  await tx.insert(pickupPoints).values(
    demoPickupPoints.map((point, position) => {
      const district = districts.get(point.district);
      if (!district) throw new Error(`demo pickup point ${point.name}: unknown district ${point.district}`);
      const banner = images.shopfronts.get(district.area);
      return {
        districtId: district.id,
        name: point.name,
        nameEn: point.nameEn,
        address: point.address,
        addressEn: point.addressEn,
        ...(point.hours ? { hours: point.hours } : {}),
        // Without hours of its own a point opens the default hours, in English too.
        hoursEn: point.hoursEn ?? DEFAULT_PICKUP_HOURS_EN,
        ...(point.openDays ? { openDays: point.openDays } : {}),
        deliveryChargeCents: point.deliveryChargeCents,
        runFeeCents: point.runFeeCents ?? null,
        merchantId: point.merchant ? (merchantIds.get(point.merchant) ?? null) : null,
        bannerDesktop: banner?.desktop ?? null,
        bannerMobile: banner?.mobile ?? null,
        position,
      };
    }),
  );

  await tx.insert(banners).values(
    demoBanners.map(({ art: _art, ...banner }, position) => ({
      ...banner,
      imageDesktop: images.banners[position]!.desktop,
      imageMobile: images.banners[position]!.mobile,
      position,
    })),
  );
  await tx
    .insert(banners)
    .values(demoTopBanners.map((line, position) => ({ kind: "top" as const, ...line, position })));

  // DESIGN §7: the demo back office is reached by signing in as 90000000 (codes in /dev/outbox).
  await tx
    .insert(members)
    .values({
      phone: DEMO_ADMIN_PHONE,
      lastName: "示範",
      firstName: "管理員",
      email: "admin@gather.example",
      type: "admin",
    })
    .onConflictDoNothing({ target: members.phone });
  await tx.insert(members).values(demoMembers).onConflictDoNothing({ target: members.phone });
}

const DEMO_ADMIN_PHONE = "90000000";

/** Looks a demo slug up, failing the seed (and so its transaction) on a typo in the demo data. */
function idOf(ids: Map<string, number>, slug: string, what: string): number {
  const id = ids.get(slug);
  if (id === undefined) throw new Error(`demo data: unknown ${what} ${slug}`);
  return id;
}

async function insertDemoProducts(
  tx: Tx,
  images: DemoImages,
  ids: { categoryIds: Map<string, number>; brandIds: Map<string, number>; merchantIds: Map<string, number> },
) {
  const now = Date.now();
  await tx.insert(products).values(
    demoProducts.map((product, index) => {
      const [market, price, gather] = product.prices;
      // Spread over the past days in list order, so "newest" has something to sort.
      const createdAt = new Date(now - (demoProducts.length - index) * 3_600_000);
      return {
        slug: product.slug,
        name: product.name,
        nameEn: product.nameEn,
        description: product.description,
        descriptionEn: product.descriptionEn,
        mode: product.mode,
        marketPriceCents: market * 100,
        priceCents: price * 100,
        gatherPriceCents: gather * 100,
        ...(product.unit ? { unit: product.unit, defaultWeight: product.weight ?? 1 } : {}),
        stock: product.stock ?? null,
        addToCartQty: product.addToCartQty ?? 1,
        maxPerMember: product.maxPerMember ?? null,
        targetBuyers: product.mode === "instock" ? null : (product.target ?? 10),
        isPublished: true,
        ageRestricted: product.ageRestricted ?? false,
        categoryId: idOf(ids.categoryIds, product.cat, "category"),
        subcategoryId: idOf(ids.categoryIds, product.subcat, "subcategory"),
        brandId: product.brand ? idOf(ids.brandIds, product.brand, "brand") : null,
        merchantId: product.merchant ? idOf(ids.merchantIds, product.merchant, "merchant") : null,
        images: images.products.get(product.slug) ?? [],
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
}

const hkDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Hong_Kong" });

/** DESIGN §7: an open cycle ending 7 days from now; pickup two to four days after the cut-off. */
function demoCycle(now: Date) {
  // On the hour, as a shop would set it: at most an hour past seven days.
  const hour = 3_600_000;
  const cutoffAt = new Date(Math.ceil((now.getTime() + 7 * 86_400_000) / hour) * hour);
  const day = (offset: number) => hkDate.format(new Date(cutoffAt.getTime() + offset * 86_400_000));
  return { cutoffAt, pickupFrom: day(2), pickupTo: day(4), status: "open" as const };
}
