import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pickupPoints } from "~/db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";
import {
  createCategory,
  createDistrict,
  createMerchant,
  createPickupPoint,
} from "../../../tests/helpers/factories.ts";

const database = setupTestDatabase();

describe("content service: categoryTree", () => {
  it("nests subcategories under their parent, both in position order", async () => {
    const { db } = database;
    const frozen = await createCategory(db, { name: "急凍食品", slug: "frozen", position: 2 });
    const meat = await createCategory(db, {
      name: "肉類",
      slug: "meat",
      position: 1,
      image: "/uploads/meat.webp",
    });
    await createCategory(db, { name: "豬肉", slug: "pork", parentId: meat.id, position: 2 });
    await createCategory(db, { name: "牛肉", slug: "beef", parentId: meat.id, position: 1 });
    await createCategory(db, { name: "急凍海鮮", slug: "frozen-seafood", parentId: frozen.id });

    const tree = await database.services.site.content.categoryTree();

    expect(tree).toEqual([
      {
        id: meat.id,
        name: "肉類",
        // No English yet: the storefront's English pages show the Chinese, marked zh-HK (issue 48).
        nameEn: "",
        slug: "meat",
        description: "",
        descriptionEn: "",
        image: "/uploads/meat.webp",
        noOfDocuments: 0,
        counts: { all: 0, general: 0, limited: 0, instock: 0 },
        subCats: [
          expect.objectContaining({ name: "牛肉", slug: "beef", noOfDocuments: 0 }),
          expect.objectContaining({ name: "豬肉", slug: "pork", noOfDocuments: 0 }),
        ],
      },
      expect.objectContaining({
        name: "急凍食品",
        subCats: [expect.objectContaining({ name: "急凍海鮮" })],
      }),
    ]);
    // Subcategories carry no tile image and no deeper level.
    expect(tree[0]!.subCats[0]).not.toHaveProperty("image");
    expect(tree[0]!.subCats[0]).not.toHaveProperty("subCats");
  });
});

describe("content service: pickupAreas", () => {
  it("groups active points by area (island, Kowloon, NT) then district, and frees merchant points", async () => {
    const { db } = database;
    const freeMerchant = await createMerchant(db, { name: "農場直送", freeDelivery: true });
    const paidMerchant = await createMerchant(db, { name: "街市肉檔", freeDelivery: false });
    const shatin = await createDistrict(db, { name: "沙田", area: "新界及離島", position: 1 });
    const mongkok = await createDistrict(db, { name: "旺角", area: "九龍", position: 2 });
    const central = await createDistrict(db, { name: "中環", area: "香港島", position: 3 });

    const plain = await createPickupPoint(db, {
      districtId: mongkok.id,
      name: "旺角站",
      deliveryChargeCents: 1_500,
    });
    const ownPoint = await createPickupPoint(db, {
      districtId: mongkok.id,
      name: "農場門市",
      deliveryChargeCents: 2_000,
      merchantId: freeMerchant.id,
    });
    const paidPoint = await createPickupPoint(db, {
      districtId: shatin.id,
      name: "肉檔自取",
      deliveryChargeCents: 800,
      merchantId: paidMerchant.id,
    });
    await createPickupPoint(db, { districtId: central.id, name: "已停用", active: false });

    const areas = await database.services.site.content.pickupAreas();

    // 中環 has only an inactive point, so 香港島 is left out altogether.
    expect(areas.map((area) => area.area)).toEqual(["九龍", "新界及離島"]);
    const kowloon = areas[0]!;
    expect(kowloon.districts.map((district) => district.name)).toEqual(["旺角"]);
    expect(kowloon.districts[0]!.points).toEqual([
      expect.objectContaining({ id: plain.id, deliveryChargeCents: 1_500, free: false, merchantName: null }),
      expect.objectContaining({
        id: ownPoint.id,
        deliveryChargeCents: 0,
        free: true,
        merchantName: "農場直送",
      }),
    ]);
    // A merchant's point is free only when that merchant has free delivery.
    expect(areas[1]!.districts[0]!.points).toEqual([
      expect.objectContaining({
        id: paidPoint.id,
        deliveryChargeCents: 800,
        free: false,
        merchantName: "街市肉檔",
      }),
    ]);
  });

  it("shows a reactivated point again", async () => {
    const { db } = database;
    await db.update(pickupPoints).set({ active: true }).where(eq(pickupPoints.name, "已停用"));

    const areas = await database.services.site.content.pickupAreas();

    expect(areas.map((area) => area.area)).toEqual(["香港島", "九龍", "新界及離島"]);
    expect(areas[0]!.districts[0]!.points[0]).toMatchObject({
      name: "已停用",
      hours: expect.stringContaining("10:00"),
    });
  });
});
