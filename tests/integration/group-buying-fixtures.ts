/**
 * A week of the shop for the back office tests of issue 6 (cycles, report, weekly order): every
 * kind of line (general met and missed, limited missed, weight-priced, a piece-priced instock),
 * two pickup points (one with a shared run fee), two merchants and a referee's first purchase.
 */
import type { Db } from "../../app/db/client.server.ts";
import type { orderCycles } from "../../app/db/schema/index.ts";
import { createCategory, createDistrict, createMerchant, createPickupPoint } from "../helpers/factories.ts";
import { createMember } from "./admin-fixtures.ts";
import { createProduct } from "./catalogue-fixtures.ts";
import { paidOrder } from "./settlement-fixtures.ts";

type Cycle = typeof orderCycles.$inferSelect;

export async function busyWeek(db: Db, cycle: Cycle) {
  const category = await createCategory(db);
  const butcher = await createMerchant(db, { name: "肉檔甲" });
  const grocer = await createMerchant(db, { name: "菜檔乙" });
  const district = await createDistrict(db, { position: 1 });
  const shared = await createPickupPoint(db, {
    districtId: district.id,
    name: "觀塘站",
    deliveryChargeCents: 2_000,
    runFeeCents: 3_000,
    position: 1,
  });
  const plain = await createPickupPoint(db, {
    districtId: district.id,
    name: "牛頭角站",
    deliveryChargeCents: 0,
    position: 2,
  });
  const product = (fields: Omit<Parameters<typeof createProduct>[1], "categoryId">) =>
    createProduct(db, { categoryId: category.id, ...fields });
  const met = await product({
    name: "A5和牛",
    mode: "general",
    priceCents: 12_000,
    gatherPriceCents: 9_800,
    targetBuyers: 2,
    merchantId: butcher.id,
  });
  const missed = await product({
    name: "B級豬扒",
    mode: "general",
    priceCents: 5_000,
    gatherPriceCents: 4_000,
    targetBuyers: 3,
    merchantId: butcher.id,
  });
  const limited = await product({
    name: "C限量龍蝦",
    mode: "limited",
    priceCents: 30_000,
    gatherPriceCents: 24_000,
    targetBuyers: 2,
    merchantId: grocer.id,
  });
  const weighed = await product({
    name: "D原條三文魚",
    mode: "instock",
    priceCents: 6_000,
    gatherPriceCents: 5_000,
    unit: "斤",
    defaultWeight: 1.5,
    stock: 10,
    merchantId: grocer.id,
  });
  const pieces = await product({ name: "E有機菜心", mode: "instock", gatherPriceCents: 2_500, stock: 20 });
  const first = await createMember(db, { lastName: "陳", firstName: "大文" });
  const second = await createMember(db, { lastName: "李", firstName: "小明" });
  const referee = await createMember(db, {
    lastName: "張",
    firstName: "三",
    referrerId: first.id,
    referralDiscount: 1,
  });

  const firstOrder = await paidOrder(db, {
    cycleId: cycle.id,
    memberId: first.id,
    pickupPointId: shared.id,
    deliveryFeeCents: 2_000,
    lines: [
      { product: met, quantity: 2 },
      { product: missed, quantity: 1 },
      { product: weighed, quantity: 2 },
    ],
  });
  const secondOrder = await paidOrder(db, {
    cycleId: cycle.id,
    memberId: second.id,
    pickupPointId: shared.id,
    deliveryFeeCents: 2_000,
    lines: [
      { product: met, quantity: 1 },
      { product: limited, quantity: 1 },
      { product: weighed, quantity: 1 },
    ],
  });
  const refereeOrder = await paidOrder(db, {
    cycleId: cycle.id,
    memberId: referee.id,
    pickupPointId: plain.id,
    percentageDiscount: 90,
    lines: [
      { product: met, quantity: 1 },
      { product: pieces, quantity: 3 },
    ],
  });
  return {
    district,
    merchants: { butcher, grocer },
    points: { shared, plain },
    products: { met, missed, limited, weighed, pieces },
    members: { first, second, referee },
    orders: { firstOrder, secondOrder, refereeOrder },
  };
}
