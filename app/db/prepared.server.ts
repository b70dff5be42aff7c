/**
 * Statements on the checkout's hot path, built once (decision 0022). Drizzle builds a query's SQL
 * anew on every call (50–500 µs of CPU for the checkout's selects and upserts) and PostgreSQL
 * parses and plans it anew; a prepared statement is built once with `sql.placeholder`s, parsed
 * once per connection under its name, and afterwards sends only its values.
 *
 * Drizzle binds a prepared statement to the connection it was prepared on, which would keep it out
 * of transactions; `prepared` keeps the one it built and runs it on the connection of whatever it
 * is given, the pool or a transaction's own client.
 */
import type { PgPreparedQuery, PreparedQueryConfig } from "drizzle-orm/pg-core";
import type { Db, Tx } from "./client.server.ts";

type Statement<Result> = PgPreparedQuery<PreparedQueryConfig & { execute: Result }>;

/** Runs the statement on `runner`'s connection with the placeholders' values. */
export type Prepared<Result, Values extends Record<string, unknown>> = (
  runner: Db | Tx,
  values: Values,
) => Promise<Result>;

/**
 * `name` must be unique in the app: PostgreSQL knows the statement by it on every connection.
 * `build` is called once, on first use, with the database or transaction it is first run on.
 */
export function prepared<Result, Values extends Record<string, unknown>>(
  name: string,
  build: (runner: Db | Tx) => { prepare(name: string): Statement<Result> },
): Prepared<Result, Values> {
  let statement: Statement<Result> | undefined;
  return (runner, values) => {
    statement ??= build(runner).prepare(name);
    const onConnection: Statement<Result> = Object.create(statement, { client: { value: clientOf(runner) } });
    return onConnection.execute(values);
  };
}

/** The pool, or the client a transaction holds: drizzle's session keeps it as `client`. */
function clientOf(runner: Db | Tx): unknown {
  const client = (runner as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client) throw new Error("prepared: this drizzle version keeps no session.client");
  return client;
}
