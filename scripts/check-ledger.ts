/**
 * `npm run check:ledger` (DESIGN §4.10): verifies that every member's cached dDollar balance equals
 * the sum of their ledger records, on the database the server would use. Prints each member that
 * differs. Exit codes: 0 every balance matches, 1 a mismatch or a failure.
 */
import pino from "pino";
import { openScriptDatabase } from "../app/db/seed/script-database.server.ts";
import { formatCents } from "../app/domain/money.ts";
import { parseEnv } from "../app/env.server.ts";
import { createServices } from "../app/services/context.server.ts";

async function main(): Promise<number> {
  const env = parseEnv();
  const database = await openScriptDatabase(env);
  try {
    const { dollars } = createServices({ db: database.db, log: pino({ level: "warn" }), env });
    console.log(`Database: ${database.source}`);
    const mismatches = await dollars.ledgerMismatches();
    if (mismatches.length === 0) {
      console.log("Every cached dDollar balance equals the sum of its ledger records.");
      return 0;
    }
    console.error(`${mismatches.length} member(s) whose cached balance differs from their records:`);
    for (const row of mismatches) {
      console.error(
        `  ${row.phone} (${row.memberId}): cached ${formatCents(row.cachedCents)}, records ${formatCents(row.recordsCents)}`,
      );
    }
    return 1;
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
