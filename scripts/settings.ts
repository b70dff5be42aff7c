/**
 * `npm run settings -- maintenance on|off [--reopen <time>]`: switches maintenance mode until the
 * back office can (SPEC §2), on the database the server would use. `npm run settings -- show`
 * prints the current state. Times without an offset are read as Hong Kong time.
 */

import { openScriptDatabase } from "../app/db/seed/script-database.server.ts";
import { formatHkDateTime } from "../app/domain/shared/hk-time.ts";
import { EnvError, parseEnv } from "../app/env.server.ts";
import { createServices } from "../app/services/context.server.ts";
import type { SiteSettings } from "../app/services/site/site.server.ts";
import { createLogger } from "../server/logger.ts";

const usage = `Usage:
  npm run settings -- maintenance on [--reopen "2022-10-17T05:00:00+08:00"]
  npm run settings -- maintenance off
  npm run settings -- show`;

class UsageError extends Error {}

type Command = { kind: "show" } | { kind: "maintenance"; on: boolean; reopenAt?: Date };

function parseArgs(args: string[]): Command {
  const [command, ...rest] = args;
  if (command === "show" && rest.length === 0) return { kind: "show" };
  if (command !== "maintenance") {
    throw new UsageError(command ? `Unknown setting "${command}".` : "Name a setting.");
  }
  const [state, ...options] = rest;
  if (state !== "on" && state !== "off") {
    throw new UsageError(`maintenance takes "on" or "off", not ${state ? `"${state}"` : "nothing"}.`);
  }
  let reopenAt: Date | undefined;
  for (let i = 0; i < options.length; i++) {
    const option = options[i]!;
    const [name, inline] = option.split(/=(.*)/s, 2);
    if (name !== "--reopen") throw new UsageError(`Unknown option "${option}".`);
    const value = inline ?? options[++i];
    if (!value) throw new UsageError("--reopen needs a time, e.g. 2022-10-17T05:00:00+08:00.");
    reopenAt = parseReopenTime(value);
  }
  return { kind: "maintenance", on: state === "on", reopenAt };
}

const isoTime = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/;

function parseReopenTime(value: string): Date {
  const trimmed = value.trim();
  if (!isoTime.test(trimmed)) {
    throw new UsageError(`--reopen "${value}" is not a time like 2022-10-17T05:00:00+08:00.`);
  }
  // The shop runs on Hong Kong time; a bare local time means HKT, not the server's zone.
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(trimmed) ? trimmed : `${trimmed}+08:00`;
  const date = new Date(zoned.replace(" ", "T"));
  if (Number.isNaN(date.getTime())) throw new UsageError(`--reopen "${value}" is not a real date.`);
  return date;
}

function stateText(settings: SiteSettings): string {
  return [
    `Maintenance: ${settings.maintenance ? "on (every page but /login shows the maintenance page)" : "off"}`,
    `Reopening time: ${formatHkDateTime(settings.reopenAt)} (Hong Kong time, ${settings.reopenAt.toISOString()})`,
  ].join("\n");
}

async function main(): Promise<number> {
  let command: Command;
  try {
    command = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${usage}`);
    return 2;
  }
  const env = parseEnv();
  const database = await openScriptDatabase(env);
  try {
    const log = createLogger("warn");
    const { site } = createServices({ db: database.db, log, env });
    console.log(`Database: ${database.source}`);
    const settings =
      command.kind === "show"
        ? await site.getSettings()
        : await site.setMaintenance(command.on, command.reopenAt);
    console.log(stateText(settings));
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
