import { asc, eq } from "drizzle-orm";
import {
  type Area,
  brands,
  categories,
  merchants,
  pickupDistricts,
  pickupPoints,
} from "~/db/schema/index.ts";
import { emptyModeCounts, type ModeCounts } from "~/domain/catalogue/catalogue.ts";
import { pickupAreaNamesEn } from "~/domain/pickup/index.ts";
import type { PickupPointRow } from "~/domain/site/pickup-point.ts";
import { countPublishedByCategory } from "../catalogue/index.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import type { ShopWideReads } from "../shared/shop-wide-reads.server.ts";

export interface CategoryNode {
  id: number;
  name: string;
  /** Blank where the back office has not given one: English pages show the Chinese (issue 48 item 2). */
  nameEn: string;
  slug: string;
  description: string;
  descriptionEn: string;
  image: string | null;
  /** Published products in this node (SPEC §3 noOfDocuments), all modes. */
  noOfDocuments: number;
  /** The same per mode: SPEC §3's simplified documents for all, limited, general and instock. */
  counts: ModeCounts;
  subCats: Omit<CategoryNode, "subCats" | "image">[];
}

export interface PickupArea {
  area: Area;
  /** The area's name: the Chinese of `area`, and its English (`pickupAreaNamesEn`). */
  name: string;
  nameEn: string;
  districts: { id: number; name: string; nameEn: string; points: PickupPointRow[] }[];
}

export function createContentService({ db }: ServiceDeps, shopWide: ShopWideReads) {
  const categoryTree = () => shopWide.read("categoryTree", readCategoryTree);

  async function readCategoryTree(): Promise<CategoryNode[]> {
    const [rows, counted] = await Promise.all([
      db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
      countPublishedByCategory(db),
    ]);
    // Counted from the products on sale; like the rest of the menus, a shop-wide read (decision 0045).
    const countsOf = (id: number) => counted.get(id) ?? emptyModeCounts();
    const top = rows.filter((row) => row.parentId === null);
    return top.map((parent) => ({
      id: parent.id,
      name: parent.name,
      nameEn: parent.nameEn,
      slug: parent.slug,
      description: parent.description,
      descriptionEn: parent.descriptionEn,
      image: parent.image,
      noOfDocuments: countsOf(parent.id).all,
      counts: countsOf(parent.id),
      subCats: rows
        .filter((row) => row.parentId === parent.id)
        .map((child) => ({
          id: child.id,
          name: child.name,
          nameEn: child.nameEn,
          slug: child.slug,
          description: child.description,
          descriptionEn: child.descriptionEn,
          noOfDocuments: countsOf(child.id).all,
          counts: countsOf(child.id),
        })),
    }));
  }

  async function readPickupAreas(): Promise<PickupArea[]> {
    const rows = await db
      .select({
        point: pickupPoints,
        district: pickupDistricts,
        merchantName: merchants.name,
        merchantNameEn: merchants.nameEn,
        merchantFree: merchants.freeDelivery,
      })
      .from(pickupPoints)
      .innerJoin(pickupDistricts, eq(pickupPoints.districtId, pickupDistricts.id))
      .leftJoin(merchants, eq(pickupPoints.merchantId, merchants.id))
      .where(eq(pickupPoints.active, true))
      .orderBy(asc(pickupDistricts.position), asc(pickupPoints.position), asc(pickupPoints.id));
    const areas = new Map<Area, PickupArea>();
    for (const { point, district, merchantName, merchantNameEn, merchantFree } of rows) {
      const area = areas.get(district.area) ?? {
        area: district.area,
        name: district.area,
        nameEn: pickupAreaNamesEn[district.area],
        districts: [],
      };
      areas.set(district.area, area);
      let group = area.districts.find((d) => d.id === district.id);
      if (!group) {
        group = { id: district.id, name: district.name, nameEn: district.nameEn, points: [] };
        area.districts.push(group);
      }
      // Designated merchants deliver to their own points for free (SPEC §1).
      const free = merchantFree === true;
      group.points.push({
        id: point.id,
        name: point.name,
        nameEn: point.nameEn,
        address: point.address,
        addressEn: point.addressEn,
        hours: point.hours,
        hoursEn: point.hoursEn,
        deliveryChargeCents: free ? 0 : point.deliveryChargeCents,
        runFeeCents: free ? null : point.runFeeCents,
        free,
        merchantName,
        merchantNameEn,
        bannerDesktop: point.bannerDesktop,
        bannerMobile: point.bannerMobile,
      });
    }
    const order: Area[] = ["香港島", "九龍", "新界及離島"];
    return order.flatMap((area) => areas.get(area) ?? []);
  }

  return {
    categoryTree,

    listBrands() {
      return shopWide.read("brands", () =>
        db.select().from(brands).orderBy(asc(brands.position), asc(brands.id)),
      );
    },

    listMerchants() {
      return shopWide.read("featuredMerchants", () =>
        db.select().from(merchants).where(eq(merchants.featured, true)).orderBy(asc(merchants.id)),
      );
    },

    /** Active pickup points grouped by area, then district, in display order. */
    pickupAreas(): Promise<PickupArea[]> {
      return shopWide.read("pickupAreas", readPickupAreas);
    },
  };
}
