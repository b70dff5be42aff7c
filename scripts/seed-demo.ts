/**
 * `npm run seed:demo`: seeds the demo shop (DESIGN §7) into the database the server would use
 * (DATABASE_URL, else the embedded PostgreSQL under DATA_DIR). A database that already has a shop
 * is left as it is.
 */

import { seedDemoIfEmpty } from "../app/db/seed/demo.server.ts";
import { openScriptDatabase } from "../app/db/seed/script-database.server.ts";
import { EnvError, parseEnv } from "../app/env.server.ts";

async function main(): Promise<number> {
  const env = parseEnv();
  const database = await openScriptDatabase(env);
  try {
    console.log(`Database: ${database.source}`);
    const started = performance.now();
    const seeded = await seedDemoIfEmpty(database.db, { dataDir: env.DATA_DIR });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      seeded
        ? `Seeded the demo shop in ${seconds} s (images under ${env.DATA_DIR}/uploads/demo).`
        : "The database already has a shop; nothing was seeded.",
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(1);
  },
);
