import type { Db } from "../../app/db/client.server.ts";
import { members } from "../../app/db/schema/index.ts";

/** Test members for the admin tests: each states only what it is about; phones are unique 8 digits. */
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
  return row!;
}
