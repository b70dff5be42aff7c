import type { Db } from "../../app/db/client.server.ts";
import {
  type Area,
  categories,
  merchants,
  pickupDistricts,
  pickupPoints,
} from "../../app/db/schema/index.ts";

// Small row builders: each test states only the fields it is about; the rest is plausible and unique.
let sequence = 0;
const next = () => ++sequence;

export async function createCategory(
  db: Db,
  fields: Partial<typeof categories.$inferInsert> = {},
): Promise<typeof categories.$inferSelect> {
  const n = next();
  const [row] = await db
    .insert(categories)
    .values({ name: `分類${n}`, slug: `category-${n}`, position: n, ...fields })
    .returning();
  return row!;
}

export async function createMerchant(
  db: Db,
  fields: Partial<typeof merchants.$inferInsert> = {},
): Promise<typeof merchants.$inferSelect> {
  const n = next();
  const [row] = await db
    .insert(merchants)
    .values({ name: `商戶${n}`, slug: `merchant-${n}`, address: `九龍旺角彌敦道${n}號`, ...fields })
    .returning();
  return row!;
}

export async function createDistrict(
  db: Db,
  fields: Partial<typeof pickupDistricts.$inferInsert> & { area?: Area } = {},
): Promise<typeof pickupDistricts.$inferSelect> {
  const n = next();
  const [row] = await db
    .insert(pickupDistricts)
    .values({ name: `地區${n}`, area: "九龍", position: n, ...fields })
    .returning();
  return row!;
}

export async function createPickupPoint(
  db: Db,
  fields: Partial<typeof pickupPoints.$inferInsert> & { districtId: number },
): Promise<typeof pickupPoints.$inferSelect> {
  const n = next();
  const [row] = await db
    .insert(pickupPoints)
    .values({
      name: `自取點${n}`,
      address: `香港某街${n}號地下`,
      deliveryChargeCents: 1_000,
      position: n,
      ...fields,
    })
    .returning();
  return row!;
}
