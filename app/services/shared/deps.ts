import type { Logger } from "pino";
import type { Db } from "~/db/client.server.ts";
import type { Env } from "~/env.server.ts";

/** What every service factory is given (app/services/context.server.ts creates them all). */
export interface ServiceDeps {
  db: Db;
  log: Logger;
  env: Env;
}
