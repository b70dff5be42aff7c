import { parseEnv } from "../../app/env.server.ts";
import { createLogger } from "../../server/logger.ts";
import { type Shop, startShop } from "../../server/shop.ts";

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
