/**
 * The SQL floor of the checkout and flash-sale benches (issue 30 item 3): pgbench replaying exactly
 * the SQL one checkout sends, with as many clients, on the same PostgreSQL and the same data.
 *
 * 1. `startCapture` puts a small TCP relay between a server and PostgreSQL and, while recording,
 *    reads the PostgreSQL protocol going through it: every statement the server sends (simple
 *    queries and Parse/Bind/Execute, with the parameter values bound) and the rows that came back.
 *    A relay sees what the server really sends, with its parameters, on any PostgreSQL (embedded or
 *    DATABASE_URL), where PostgreSQL's own log would hide the parameters (decision 0035).
 * 2. `recordCheckouts` records two checkouts by two members through a server of its own, and
 *    `writeFloorScript` turns them into one pgbench script: the same statements in the same order
 *    and transactions (BEGIN … COMMIT), sent the same way (`-M extended`: unnamed statements with
 *    bound parameters, as node-postgres does). A parameter value the two checkouts share is replayed
 *    as recorded; one that differs becomes a pgbench variable (see the script's header for the
 *    rules), so that each client checks out as a member of its own, order after order.
 * 3. `runFloor` runs it with pgbench on the same database and returns its transactions per second:
 *    one pgbench transaction is one checkout.
 */
import fs from "node:fs";
import net from "node:net";
import type { Database } from "../../../app/db/client.server.ts";
import { freePort, onCleanup, pgbench, startServer, withClient } from "./harness.ts";
import { checkout, fillCarts, type Shop } from "./shoppers.ts";

/** One statement a server sent, as PostgreSQL received it, and what came back. */
interface Statement {
  /** Which of the server's connections sent it (1, 2, …, in the order they opened). */
  connection: number;
  sql: string;
  /** Parameter values in text, null for SQL NULL ($1 is params[0]). */
  params: Array<string | null>;
  columns: string[];
  rows: Array<Array<string | null>>;
  error?: string;
}

/**
 * Reads the PostgreSQL frontend/backend protocol (version 3) of one relayed connection, one side
 * each. Stops reading (the bytes still pass) on a connection that turns to TLS or that it cannot
 * make sense of: such a connection is not recorded.
 */
class ProtocolReader {
  private buffer = Buffer.alloc(0);
  private started = false;
  /** One-byte answers still due to SSL or GSS encryption requests (backend side). */
  pendingAnswers = 0;
  /** The other side's reader, told of those requests (frontend side). */
  answeredBy?: ProtocolReader;
  stopped = false;
  constructor(
    private readonly frontend: boolean,
    private readonly message: (type: string, body: Buffer) => void,
  ) {}

  push(chunk: Buffer) {
    if (this.stopped) return;
    this.buffer = Buffer.concat([this.buffer, chunk]);
    try {
      this.read();
    } catch {
      this.stopped = true;
    }
  }

  private read() {
    for (;;) {
      // The frontend's first message (startup or SSL request) has no type byte.
      if (this.frontend && !this.started) {
        if (this.buffer.length < 8) return;
        const length = this.buffer.readInt32BE(0);
        if (this.buffer.length < length) return;
        const code = this.buffer.readInt32BE(4);
        // SSLRequest / GSSENCRequest are answered with one byte and followed by the real startup.
        if (code === 80877103 || code === 80877104) {
          if (this.answeredBy) this.answeredBy.pendingAnswers += 1;
        } else this.started = true;
        this.buffer = this.buffer.subarray(length);
        continue;
      }
      if (!this.frontend && this.pendingAnswers > 0) {
        if (this.buffer.length < 1) return;
        this.pendingAnswers -= 1;
        // "S" or "G": encrypted from here on, nothing more to read on either side.
        if (this.buffer[0] !== 0x4e) {
          this.stopped = true;
          if (this.answeredBy) this.answeredBy.stopped = true;
          return;
        }
        this.buffer = this.buffer.subarray(1);
        continue;
      }
      if (this.buffer.length < 5) return;
      const length = this.buffer.readInt32BE(1);
      if (this.buffer.length < 1 + length) return;
      this.message(String.fromCharCode(this.buffer[0]!), this.buffer.subarray(5, 1 + length));
      this.buffer = this.buffer.subarray(1 + length);
    }
  }
}

function cString(body: Buffer, at: number): [string, number] {
  const end = body.indexOf(0, at);
  return [body.toString("utf8", at, end), end + 1];
}

/**
 * A relay to the PostgreSQL at `databaseUrl`: give a server `url` instead, and what its connections
 * send between `record()` and `stop()` is returned by `stop()`, in the order it was sent.
 */
async function startCapture(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const port = await freePort();
  let recording = false;
  let connections = 0;
  const recorded: Statement[] = [];
  const relay = net.createServer((client) => {
    connections += 1;
    const connection = connections;
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    /** Statements sent on this connection whose answer is still coming, oldest first. */
    const waiting: Statement[] = [];
    const parsed = new Map<string, string>();
    let bound: { sql: string; params: Array<string | null> } | undefined;
    const send = (sql: string, params: Array<string | null>) => {
      const statement: Statement = { connection, sql, params, columns: [], rows: [] };
      waiting.push(statement);
      if (recording) recorded.push(statement);
    };
    const fromServer = new ProtocolReader(true, (type, body) => {
      if (type === "Q") send(cString(body, 0)[0], []);
      else if (type === "P") {
        const [name, next] = cString(body, 0);
        parsed.set(name, cString(body, next)[0]);
      } else if (type === "B") {
        const [statementName, afterNames] = cString(body, cString(body, 0)[1]);
        let at = afterNames;
        const formats = body.readInt16BE(at);
        at += 2 + 2 * formats;
        const count = body.readInt16BE(at);
        at += 2;
        const params: Array<string | null> = [];
        for (let i = 0; i < count; i += 1) {
          const length = body.readInt32BE(at);
          at += 4;
          if (length < 0) params.push(null);
          else {
            params.push(body.toString("utf8", at, at + length));
            at += length;
          }
        }
        bound = { sql: parsed.get(statementName) ?? "", params };
      } else if (type === "E" && bound) send(bound.sql, bound.params);
    });
    const fromPostgres = new ProtocolReader(false, (type, body) => {
      const head = waiting[0];
      if (!head) return;
      if (type === "T") {
        const count = body.readInt16BE(0);
        let at = 2;
        head.columns = [];
        for (let i = 0; i < count; i += 1) {
          const [name, next] = cString(body, at);
          head.columns.push(name);
          at = next + 18;
        }
      } else if (type === "D") {
        const count = body.readInt16BE(0);
        let at = 2;
        const row: Array<string | null> = [];
        for (let i = 0; i < count; i += 1) {
          const length = body.readInt32BE(at);
          at += 4;
          if (length < 0) row.push(null);
          else {
            row.push(body.toString("utf8", at, at + length));
            at += length;
          }
        }
        head.rows.push(row);
      } else if (type === "C" || type === "I") waiting.shift();
      else if (type === "E") {
        head.error = body.toString("utf8").replaceAll("\0", " ").trim();
        waiting.shift();
      }
    });
    fromServer.answeredBy = fromPostgres;
    fromPostgres.answeredBy = fromServer;
    client.on("data", (chunk: Buffer) => {
      fromServer.push(chunk);
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      fromPostgres.push(chunk);
      client.write(chunk);
    });
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(port, "127.0.0.1", resolve));
  const close = () => new Promise<void>((resolve) => relay.close(() => resolve()));
  onCleanup("capture relay", close);
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    record() {
      recorded.length = 0;
      recording = true;
    },
    stop(): Statement[] {
      recording = false;
      return [...recorded];
    },
    close,
  };
}

/** Per pgbench client, the values that are its member's own (the same names for every client). */
export type ClientValues = Record<string, string>;

/** An ISO time as node-postgres sends a Date: the time of the checkout, replayed as recorded. */
const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** A SQL string constant pgbench leaves alone: a colon written as \x3a, else `:x` would be a variable. */
function literal(value: string | null): string {
  if (value === null) return "null";
  if (!value.includes(":")) return `'${value.replaceAll("'", "''")}'`;
  return `E'${value.replaceAll("\\", "\\\\").replaceAll("'", "\\'").replaceAll(":", "\\x3a")}'`;
}

function sameStatements(a: Statement[], b: Statement[]): boolean {
  return a.length === b.length && a.every((one, i) => one.sql === b[i]!.sql);
}

/**
 * Writes the pgbench script replaying one checkout, from two checkouts recorded one after the
 * other by two members (`first`, `second`: the statements and that member's values), and returns
 * the variables pgbench must be given (`-D`). Throws when the two did not send the same statements
 * or a statement failed. `after` adds statements right after the first recorded statement a
 * pattern matches (the cart line put back after the checkout empties it).
 */
function writeFloorScript(options: {
  file: string;
  first: Recording;
  second: Recording;
  clientsTable: string;
  after?: { matching: RegExp; sql: string };
  title: string;
}): { defines: string[]; statements: number } {
  const { first, second } = options;
  if (!sameStatements(first.statements, second.statements))
    throw new Error("the two recorded checkouts sent different statements");
  const failed = first.statements.find((one) => one.error);
  if (failed) throw new Error(`a recorded statement failed: ${failed.sql}\n${failed.error}`);
  const names = Object.keys(first.values);
  /** Results read with \gset: statement index → variable prefix. */
  const gset = new Map<number, string>();
  const lines: string[] = [];
  let fresh = false;
  const replayed = (index: number, position: number): string => {
    const a = first.statements[index]!.params[position] ?? null;
    const b = second.statements[index]!.params[position] ?? null;
    if (a === b) return literal(a);
    const own = names.find((name) => first.values[name] === a && second.values[name] === b);
    if (own) return `:${own}`;
    for (let earlier = index - 1; earlier >= 0; earlier -= 1) {
      const [x, y] = [first.statements[earlier]!, second.statements[earlier]!];
      if (x.rows.length !== 1 || y.rows.length !== 1) continue;
      const column = x.rows[0]!.findIndex((cell, i) => cell === a && y.rows[0]![i] === b);
      const name = x.columns[column];
      if (column < 0 || !name || !/^[a-z_][a-z0-9_]*$/.test(name)) continue;
      if (x.columns.indexOf(name) !== column) continue;
      gset.set(earlier, `r${earlier}_`);
      return `:r${earlier}_${name}`;
    }
    if (a !== null && b !== null && TIME.test(a) && TIME.test(b)) return literal(a);
    fresh = true;
    return ":fresh";
  };
  const texts = first.statements.map((statement, index) =>
    statement.sql.replace(/\$(\d+)/g, (_, n: string) => replayed(index, Number(n) - 1)),
  );
  let added = false;
  for (const [index, text] of texts.entries()) {
    lines.push(gset.has(index) ? `${text} \\gset ${gset.get(index)}` : `${text};`);
    if (options.after && !added && options.after.matching.test(first.statements[index]!.sql)) {
      lines.push(`${options.after.sql};`);
      added = true;
    }
  }
  if (options.after && !added) throw new Error(`no recorded statement matches ${options.after.matching}`);
  const header = [
    `-- ${options.title}: pgbench replaying the SQL one checkout sent (scripts/bench/support/sql-floor.ts).`,
    "-- Recorded from two checkouts by two members. A value the same in both is replayed as recorded;",
    "-- a value that differs is the member's own (a variable per client, read once from",
    `-- ${options.clientsTable}), or came back from an earlier statement (read with \\gset), or is`,
    "-- the time of the checkout (replayed as recorded), or else must be new per order (order number,",
    "-- pickup code, idempotency key: :fresh, unique per client and transaction, so that the unique",
    "-- indexes take every replay as they take every checkout: same statements, same rows written).",
    ...(options.after
      ? [
          "-- Added: the cart line put back right after the checkout empties it (the bench refills the carts",
          "-- between rounds, outside its timing), so that every replay reads and empties a full cart.",
        ]
      : []),
    "\\if :looked = 0",
    `select ${names.join(", ")} from ${options.clientsTable} where client_id = :client_id \\gset`,
    "\\set looked 1",
    "\\endif",
    ...(fresh ? ["\\set seq :seq + 1", "\\set fresh (:client_id + 1) * 1000000000 + :seq"] : []),
  ];
  fs.writeFileSync(options.file, `${[...header, ...lines].join("\n")}\n`);
  return { defines: ["looked=0", "seq=0"], statements: first.statements.length };
}

/**
 * Fills `table` with each pgbench client's values (client_id 0, 1, …), runs `script` with pgbench
 * (`-M extended`, `clients` clients, `seconds`) on `url` and returns its transactions per second.
 */
async function runFloor(options: {
  url: string;
  file: string;
  table: string;
  clients: ClientValues[];
  defines: string[];
  seconds: number;
}): Promise<number> {
  const names = Object.keys(options.clients[0] ?? {});
  await withClient(options.url, async (client) => {
    await client.query(
      `create table ${options.table} (client_id int primary key, ${names.map((name) => `${name} text not null`).join(", ")})`,
    );
    for (const [i, values] of options.clients.entries())
      await client.query(
        `insert into ${options.table} values ($1, ${names.map((_, n) => `$${n + 2}`).join(", ")})`,
        [i, ...names.map((name) => values[name])],
      );
  });
  return pgbench(options.url, [
    "-n",
    "-M",
    "extended",
    ...options.defines.flatMap((define) => ["-D", define]),
    "-f",
    options.file,
    "-c",
    String(options.clients.length),
    "-j",
    "2",
    "-T",
    String(options.seconds),
  ]);
}

/**
 * A checkout bench's floor: the two recorded checkouts written as one pgbench script (the cart line
 * put back after each replay empties it), the first `clients` members' carts filled, and the script
 * run on the same PostgreSQL. Returns pgbench's transactions per second and the statements a
 * checkout sends.
 */
export async function checkoutFloor(options: {
  database: Database;
  url: string;
  shop: Shop;
  recorded: { first: Recording; second: Recording };
  values: ClientValues[];
  clients: number;
  seconds: number;
  file: string;
  title: string;
}): Promise<{ tps: number; statements: number }> {
  const { database, shop } = options;
  const script = writeFloorScript({
    file: options.file,
    first: options.recorded.first,
    second: options.recorded.second,
    clientsTable: "bench_floor_clients",
    after: {
      matching: /^delete from "cart_items"/,
      sql: `insert into cart_items (member_id, product_id, quantity) values (:member_id, ${shop.productId}, 1)`,
    },
    title: options.title,
  });
  const clients = options.values.slice(0, options.clients);
  await fillCarts(
    database,
    shop,
    clients.map((one) => one.member_id!),
    () => 1,
  );
  const tps = await runFloor({
    url: options.url,
    file: options.file,
    table: "bench_floor_clients",
    clients,
    defines: script.defines,
    seconds: options.seconds,
  });
  return { tps, statements: script.statements };
}

/** Each member's own values in the recorded SQL: its id and its session's token hash. */
export async function clientValues(database: Database, shop: Shop): Promise<ClientValues[]> {
  const { rows } = await database.pool.query<{ member_id: string; token_hash: string }>(
    "select member_id::text, token_hash from sessions where member_id = any($1::uuid[])",
    [shop.shoppers.map((shopper) => shopper.id)],
  );
  const byMember = new Map(rows.map((row) => [row.member_id, row]));
  return shop.shoppers.map((shopper) => {
    const row = byMember.get(shopper.id);
    if (!row) throw new Error(`member ${shopper.id} has no session`);
    return { member_id: row.member_id, token_hash: row.token_hash };
  });
}

/**
 * Records what the production server sends to PostgreSQL for a checkout: a server of its own
 * started through `startCapture`'s relay, one checkout by the third member not recorded (the
 * server's first), then one by the first member and one by the second, each recorded alone; the
 * server is stopped after. Tried again (up to three times) when a background job of the server
 * ran in between and the two did not send the same statements. Returns the two recordings and
 * how many orders were placed, which the bench counts in its totals.
 */
export async function recordCheckouts(options: {
  database: Database;
  shop: Shop;
  dataDir: string;
  values: ClientValues[];
}): Promise<{ first: Recording; second: Recording; placed: number }> {
  const { database, shop } = options;
  const capture = await startCapture(database.url);
  const server = await startServer({
    databaseUrl: capture.url,
    dataDir: options.dataDir,
    env: { RATE_LIMIT_FORMS_PER_MINUTE: "10000000" },
  });
  let placed = 0;
  const once = async (i: number, record: boolean): Promise<Statement[]> => {
    const shopper = shop.shoppers[i]!;
    await fillCarts(database, shop, [shopper.id], () => 1);
    if (record) capture.record();
    const answer = await checkout(server.url, shop, shopper.cookie);
    const statements = capture.stop();
    if (!answer.placed) throw new Error(`a recorded checkout was refused: ${JSON.stringify(answer)}`);
    placed += 1;
    return statements;
  };
  try {
    await once(2, false);
    for (let attempt = 1; ; attempt += 1) {
      const first = { statements: await once(0, true), values: options.values[0]! };
      const second = { statements: await once(1, true), values: options.values[1]! };
      if (sameStatements(first.statements, second.statements) || attempt === 3)
        return { first, second, placed };
    }
  } finally {
    await server.stop();
    await capture.close();
  }
}

export interface Recording {
  statements: Statement[];
  values: ClientValues;
}
