import { expect } from "vitest";
import type { Db } from "../../app/db/client.server.ts";
import { banners, cartItems } from "../../app/db/schema/index.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createMerchant, createPickupPoint } from "../helpers/factories.ts";
import { request } from "../helpers/net.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { serveShopForFile } from "../helpers/shop.ts";
import { createMember } from "./admin-fixtures.ts";
import { createBrand, createCycle, createProduct } from "./catalogue-fixtures.ts";

/**
 * Shop content half in English (issue 48 item 2) for the English content tests: each kind once with
 * its English and once without — categories, merchants, brands, products, districts, pickup points
 * and banners — a cycle, an admin, and a member with a product in the cart.
 */
async function createContentShop(db: Db) {
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
  return {
    ids: {
      beef: beef.id,
      pork: pork.id,
      steaks: steaks.id,
      sanKee: sanKee.id,
      laiKee: laiKee.id,
      wagyu: wagyu.id,
      local: local.id,
      district: district.id,
      point: point.id,
    },
    product: { english: english.id, chinese: chinese.id },
    admin,
    member,
  };
}

type ContentShop = Awaited<ReturnType<typeof createContentShop>>;

/**
 * The content shop on the production build for one test file: its database, the ids of what was
 * made, an admin's and a member's cookies, and `page(url, cookie?)`, a page's HTML (200 checked)
 * without the markers React puts between neighbouring texts.
 */
export function serveContentShop() {
  const database = setupTestDatabase();
  const ids = {} as ContentShop["ids"];
  const product = {} as ContentShop["product"];
  const cookies = { admin: "", member: "" };
  const shop = serveShopForFile(() => database.url, {
    prepare: async () => {
      const content = await createContentShop(database.db);
      Object.assign(ids, content.ids);
      Object.assign(product, content.product);
      cookies.admin = await memberSessionCookie(database.services, content.admin.id);
      cookies.member = await memberSessionCookie(database.services, content.member.id);
    },
  });
  const get = (url: string, cookie?: string) =>
    request(shop().url, url, cookie ? { headers: { cookie } } : {});
  const page = async (url: string, cookie?: string) => {
    const response = await get(url, cookie);
    expect(response.status, url).toBe(200);
    return response.body.replaceAll("<!-- -->", "");
  };
  return { database, shop, ids, product, cookies, get, page };
}
