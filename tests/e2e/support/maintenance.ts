import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { expect } from "@playwright/test";
import pg from "pg";
import { E2E_BASE_URL, E2E_DATABASE_URL } from "./server-env.ts";

/**
 * Turns the site-wide maintenance flag on or off in the e2e server's database, and waits until the
 * shop shows it: a write from another process reaches the server's kept settings (and its page for
 * visitors without cookies) within a second (decisions 0020 and 0045), not at once.
 */
export async function setMaintenance(on: boolean): Promise<void> {
  if (existsSync("scripts/settings.ts")) {
    // The operator's way until the back office exists (issue 2 item 7).
    execFileSync("npm", ["run", "--silent", "settings", "--", "maintenance", on ? "on" : "off"], {
      env: { ...process.env, DATABASE_URL: E2E_DATABASE_URL },
      stdio: "pipe",
    });
    await expect
      .poll(async () => (await fetch(`${E2E_BASE_URL}/about`)).status === 503, {
        message: `the shop shows maintenance ${on ? "on" : "off"}`,
        timeout: 10_000,
      })
      .toBe(on);
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
