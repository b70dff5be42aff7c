import type { Db } from "../../app/db/client.server.ts";
import { members, neighbors } from "../../app/db/schema/index.ts";

/**
 * Test members for the admin tests: each states only what it is about; phones are unique 8 digits.
 * A member with a referrer gets the two neighbor records registration writes, recorded when the
 * member was created (settlement rewards the first paid order placed after that, DESIGN §4.8).
 */
let sequence = 0;

export type MemberRow = typeof members.$inferSelect;

export async function createMember(
  db: Db,
  fields: Partial<typeof members.$inferInsert> = {},
): Promise<MemberRow> {
  sequence += 1;
  const [row] = await db
    .insert(members)
    .values({
      phone: String(51_000_000 + sequence),
      lastName: "測試",
      firstName: `會員${sequence}`,
      email: `member${sequence}@example.com`,
      ...fields,
    })
    .returning();
  if (row!.referrerId) {
    // The app's clock, as paidOrder's createdAt is: an order made after this is never "before" it.
    const recordedAt = fields.createdAt ?? new Date();
    await db.insert(neighbors).values([
      { memberId: row!.referrerId, neighborId: row!.id, type: "referee", createdAt: recordedAt },
      { memberId: row!.id, neighborId: row!.referrerId, type: "referrer", createdAt: recordedAt },
    ]);
  }
  return row!;
}
