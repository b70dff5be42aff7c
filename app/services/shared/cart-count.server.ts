import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { cartItems } from "~/db/schema/index.ts";

/**
 * How many products a member's cart holds, the header badge's number, as a subquery: the session's
 * lookup reads it with the member (one statement for every signed-in page), the cart service alone.
 */
export function cartCountOf(memberId: SQLWrapper | string): SQL<number> {
  return sql<number>`(select count(*)::int from ${cartItems} where ${cartItems.memberId} = ${memberId})`;
}
