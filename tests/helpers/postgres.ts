import { randomBytes } from "node:crypto";
import pg from "pg";

/** The same server and credentials as `url`, another database. */
export function databaseUrl(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

/** Lower-case letters and digits only, so names need no quoting tricks and never clash between runs. */
export function randomSuffix(): string {
  return randomBytes(5).toString("hex");
}

/** Runs `work` on a single short-lived connection (CREATE/DROP DATABASE cannot run in a pool transaction). */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function quoteIdent(name: string): string {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name: ${name}`);
  return `"${name}"`;
}
