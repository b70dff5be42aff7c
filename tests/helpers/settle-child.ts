/**
 * Settles one cycle in a process of its own, so a test can kill it with SIGKILL half-way through.
 * Usage: node --import tsx tests/helpers/settle-child.ts <database url> <cycle id>
 */
import pino from "pino";
import { connect } from "../../app/db/client.server.ts";
import { parseEnv } from "../../app/env.server.ts";
import { createServices } from "../../app/services/context.server.ts";

const [url, cycleId] = process.argv.slice(2);
const database = connect(url!, undefined, 2);
const services = createServices({ db: database.db, log: pino({ level: "silent" }), env: parseEnv({}) });
const result = await services.cycles.settlement.settleCycle(Number(cycleId));
console.log(JSON.stringify(result));
await database.close();
