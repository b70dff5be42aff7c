/**
 * `npm run check:ledger` (DESIGN §4.10): verifies that every member's cached dDollar balance equals
 * the sum of their ledger records, and that every record's order and line exist (decision 0018),
 * on the database the server would use. Prints each member and record that is wrong. Exit codes:
 * 0 all is well, 1 a mismatch, a dangling record or a failure.
 */

import { openScriptDatabase } from "../app/db/seed/script-database.server.ts";
import { formatCents } from "../app/domain/shared/money.ts";
import { parseEnv } from "../app/env.server.ts";
import { createServices } from "../app/services/context.server.ts";
import { createLogger } from "../server/logger.ts";

async function main(): Promise<number> {
  const env = parseEnv();
  const database = await openScriptDatabase(env);
  try {
    const { dollars } = createServices({ db: database.db, log: createLogger("warn"), env });
    console.log(`Database: ${database.source}`);
    const { balances: mismatches, references: dangling } = await dollars.checkLedger();
    if (mismatches.length === 0) {
      console.log("Every cached dDollar balance equals the sum of its ledger records.");
    } else {
      console.error(`${mismatches.length} member(s) whose cached balance differs from their records:`);
      for (const row of mismatches) {
        console.error(
          `  ${row.phone} (${row.memberId}): cached ${formatCents(row.cachedCents)}, records ${formatCents(row.recordsCents)}`,
        );
      }
    }
    if (dangling.length === 0) {
      console.log("Every ledger record's order and line exist.");
    } else {
      console.error(`${dangling.length} ledger record(s) pointing at an order or line that is not there:`);
      for (const row of dangling) {
        console.error(
          `  record ${row.recordId}: order ${row.orderId ?? "-"}, line ${row.orderLineId ?? "-"}`,
        );
      }
    }
    return mismatches.length === 0 && dangling.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
