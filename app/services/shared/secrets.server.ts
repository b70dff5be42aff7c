import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { appSecrets } from "~/db/schema/index.ts";

/** A secret shared by every instance: from the environment, else created once in Postgres. */
export async function sharedSecret(db: Db, name: string, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} missing`);
  return row.value;
}
