import type { Db } from "../../app/db/client.server.ts";
import { brands, orderCycles, products } from "../../app/db/schema/index.ts";
import { addDays } from "../../app/domain/cycles/cycle-calendar.ts";
import { hkDayKey } from "../../app/domain/shared/hk-time.ts";

/** Catalogue rows for the catalogue tests: each test states only the fields it is about. */
let sequence = 0;
const next = () => ++sequence;

export type ProductRow = typeof products.$inferSelect;

export async function createBrand(
  db: Db,
  fields: Partial<typeof brands.$inferInsert> = {},
): Promise<typeof brands.$inferSelect> {
  const n = next();
  const [row] = await db
    .insert(brands)
    .values({ name: `品牌${n}`, slug: `brand-${n}`, position: n, ...fields })
    .returning();
  return row!;
}

/** A published general group buy at $80 (group) / $100 (original) / $120 (market) unless told otherwise. */
export async function createProduct(
  db: Db,
  fields: Partial<typeof products.$inferInsert> & { categoryId: number },
): Promise<ProductRow> {
  const n = next();
  const mode = fields.mode ?? "general";
  const [row] = await db
    .insert(products)
    .values({
      slug: `product-${n}`,
      name: `產品${n}`,
      nameEn: `Product ${n}`,
      mode,
      marketPriceCents: 12_000,
      priceCents: 10_000,
      gatherPriceCents: 8_000,
      targetBuyers: mode === "instock" ? null : 10,
      stock: mode === "instock" ? 20 : null,
      isPublished: true,
      ...fields,
    })
    .returning();
  return row!;
}

/**
 * A cycle's pickup days as the shop would set them: from the day after its cut-off for three days,
 * so that cycles made in a test keep the calendar's order (issue 47 item 8).
 */
export function pickupDaysAfter(cutoffAt: Date): { pickupFrom: string; pickupTo: string } {
  const cutoffDay = hkDayKey(cutoffAt);
  return { pickupFrom: addDays(cutoffDay, 1), pickupTo: addDays(cutoffDay, 3) };
}

export async function createCycle(
  db: Db,
  fields: Partial<typeof orderCycles.$inferInsert> = {},
): Promise<typeof orderCycles.$inferSelect> {
  const cutoffAt = fields.cutoffAt ?? new Date(Date.now() + 7 * 86_400_000);
  const [row] = await db
    .insert(orderCycles)
    .values({ cutoffAt, ...pickupDaysAfter(cutoffAt), ...fields })
    .returning();
  return row!;
}
