/**
 * `npm run admin:grant -- <phone>`: makes an existing member an admin (DESIGN §4.14: the first
 * admin comes from here), on the database the server would use, and records it in the audit log.
 * Exit codes: 0 granted or already an admin, 1 unknown member or failure, 2 bad usage.
 */

import { openScriptDatabase } from "../app/db/seed/script-database.server.ts";
import { isHkPhone, normalizeHkPhone } from "../app/domain/shared/phone.ts";
import { EnvError, parseEnv } from "../app/env.server.ts";
import { createServices } from "../app/services/context.server.ts";
import { createLogger } from "../server/logger.ts";

const usage = `Usage:
  npm run admin:grant -- <phone>      e.g. npm run admin:grant -- 91234567
The member must have registered with that number first.`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || !args[0]) {
    console.error(
      `${args.length === 0 ? "Name one phone number." : "Give exactly one phone number."}\n\n${usage}`,
    );
    return 2;
  }
  const phone = normalizeHkPhone(args[0]);
  if (!isHkPhone(phone)) {
    console.error(`"${args[0]}" is not a Hong Kong phone number (8 digits, +852 optional).\n\n${usage}`);
    return 2;
  }
  const env = parseEnv();
  const database = await openScriptDatabase(env);
  try {
    const { admin } = createServices({ db: database.db, log: createLogger("warn"), env }).members;
    console.log(`Database: ${database.source}`);
    const result = await admin.grantAdmin(phone);
    if (result.status === "unknown_member") {
      console.error(
        `No member has the phone number ${phone}. Register at /register first, then run this again.`,
      );
      return 1;
    }
    const who = `${result.member.lastName}${result.member.firstName} (${result.member.phone}, uid ${result.member.id})`;
    console.log(
      result.status === "granted"
        ? `Granted admin to ${who}. They see the back office at /admin after their next page load.`
        : `${who} is already an admin; nothing changed.`,
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
