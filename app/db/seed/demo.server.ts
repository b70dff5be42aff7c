import { sql } from "drizzle-orm";
import type { Db } from "../client.server.ts";
import { siteSettings } from "../schema/index.ts";

/** Seeds the demo shop when the database has no settings row yet; returns whether it seeded. */
export async function seedDemoIfEmpty(db: Db, _options: { dataDir: string }): Promise<boolean> {
  const existing = await db.execute(sql`select 1 from site_settings limit 1`);
  if (existing.rows.length > 0) return false;
  await db.insert(siteSettings).values({ id: 1 });
  return true;
}
