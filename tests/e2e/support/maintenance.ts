import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import pg from "pg";
import { E2E_DATABASE_URL } from "./server-env.ts";

/** Turns the site-wide maintenance flag on or off in the e2e server's database. */
export async function setMaintenance(on: boolean): Promise<void> {
  if (existsSync("scripts/settings.ts")) {
    // The operator's way until the back office exists (issue 2 item 7).
    execFileSync("npm", ["run", "--silent", "settings", "--", "maintenance", on ? "on" : "off"], {
      env: { ...process.env, DATABASE_URL: E2E_DATABASE_URL },
      stdio: "pipe",
    });
    return;
  }
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query("update site_settings set maintenance = $1 where id = 1", [on]);
  } finally {
    await client.end();
  }
}
