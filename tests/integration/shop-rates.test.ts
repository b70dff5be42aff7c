import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { members, siteSettings } from "../../app/db/schema/index.ts";
import { cardFee } from "../../app/domain/cart/checkout.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import { createMember } from "./admin-fixtures.ts";
import { createProduct } from "./catalogue-fixtures.ts";
import { closedCycle, paidOrder } from "./settlement-fixtures.ts";

/**
 * DESIGN §4.15 (issue 27 item 6): the card fee and the referral reward are the shop's settings,
 * read where the money moves: the card fee when a member pays by card, the referral reward when
 * the cycle of the referee's first purchase settles.
 */

const database = setupTestDatabase();

async function setRates(values: { cardFeeBasisPoints?: number; referralPercent?: number }) {
  await database.services.site.getSettings();
  await database.db.update(siteSettings).set(values).where(eq(siteSettings.id, 1));
}

async function balance(memberId: string) {
  const [row] = await database.db
    .select({ cents: members.dDollarCents })
    .from(members)
    .where(eq(members.id, memberId));
  return row?.cents ?? 0;
}

async function shop() {
  const { db } = database;
  const category = await createCategory(db);
  const district = await createDistrict(db);
  const point = await createPickupPoint(db, { districtId: district.id, deliveryChargeCents: 0 });
  const product = await createProduct(db, {
    categoryId: category.id,
    mode: "instock",
    stock: 50,
    priceCents: 12_345,
    gatherPriceCents: 12_345,
  });
  return { point, product };
}

describe("the shop's rates where the money moves", () => {
  it("charges the card fee at the rate set now", async () => {
    const { point, product } = await shop();
    const member = await createMember(database.db);
    const cycle = await closedCycle(database.db);
    const order = await paidOrder(database.db, {
      cycleId: cycle.id,
      memberId: member.id,
      pickupPointId: point.id,
      lines: [{ product, quantity: 1 }],
      status: "pending_payment",
    });
    await setRates({ cardFeeBasisPoints: 275 });
    // $123.45 × 2.75% = $3.394875 → $3.39 (not $1.85 at the default 1.5%).
    expect(await database.services.payments.summary(member.id, order.number)).toMatchObject({
      payableCents: 12_345,
      cardFeeCents: 339,
      cardFeePercent: 2.75,
    });
    expect(cardFee(12_345, 275)).toBe(339);
    await setRates({ cardFeeBasisPoints: 0 });
    expect(await database.services.payments.summary(member.id, order.number)).toMatchObject({
      cardFeeCents: 0,
    });
  });

  it("rewards a referee's first purchase at the referral percentage set when the cycle settles", async () => {
    const { point, product } = await shop();
    const referrer = await createMember(database.db);
    const referee = await createMember(database.db, { referrerId: referrer.id, referralDiscount: 1 });
    const cycle = await closedCycle(database.db);
    await paidOrder(database.db, {
      cycleId: cycle.id,
      memberId: referee.id,
      pickupPointId: point.id,
      lines: [{ product, quantity: 2 }],
    });
    await setRates({ referralPercent: 8 });
    await database.services.cycles.settlement.settleCycle(cycle.id);
    // 8% of $246.90 = $19.752 → $19.75 each (5% would be $12.35).
    expect(await balance(referrer.id)).toBe(1_975);
    expect(await balance(referee.id)).toBe(1_975);
  });
});
