/**
 * Decision 0023: statements a transaction sends last, unawaited, reach PostgreSQL together with
 * the commit drizzle sends behind them. PostgreSQL commits them without waiting for this process;
 * if one fails, the commit rolls the whole transaction back and `failure()` says why.
 */
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { withCommit } from "~/db/pipelined.server.ts";
import { members } from "~/db/schema/index.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createMember } from "./admin-fixtures.ts";

const database = setupTestDatabase();

const firstNameOf = async (id: string) =>
  (await database.db.select({ firstName: members.firstName }).from(members).where(eq(members.id, id)))[0]
    ?.firstName;

describe("statements sent with the commit (decision 0023)", () => {
  it("commits them when every one succeeds", async () => {
    const member = await createMember(database.db);
    const sent = await database.db.transaction(async (tx) =>
      withCommit([tx.update(members).set({ firstName: "一" }).where(eq(members.id, member.id)).execute()]),
    );
    expect(await sent.failure()).toBeUndefined();
    expect(await firstNameOf(member.id)).toBe("一");
  });

  it("rolls the whole transaction back when one fails, and names the error", async () => {
    const member = await createMember(database.db);
    const sent = await database.db.transaction(async (tx) => {
      await tx.update(members).set({ firstName: "之前" }).where(eq(members.id, member.id));
      return withCommit([
        tx.update(members).set({ lastName: "之後" }).where(eq(members.id, member.id)).execute(),
        tx.execute(sql`select 1 / 0`).execute(),
        tx.update(members).set({ email: "never@example.com" }).where(eq(members.id, member.id)).execute(),
      ]);
    });
    const failure = (await sent.failure()) as { cause?: { code?: string } };
    expect(failure.cause?.code).toBe("22012");
    const [after] = await database.db.select().from(members).where(eq(members.id, member.id));
    expect([after?.firstName, after?.lastName, after?.email]).toEqual([
      member.firstName,
      member.lastName,
      member.email,
    ]);
  });

  it("commits while this process is busy: PostgreSQL does not wait for it between them", async () => {
    const member = await createMember(database.db);
    let backend = 0;
    let freedAt = 0;
    const sent = await database.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      backend = rows[0]!.pid;
      const statements = withCommit([
        tx.execute(sql`select pg_sleep(0.2)`).execute(),
        tx.update(members).set({ firstName: "忙" }).where(eq(members.id, member.id)).execute(),
      ]);
      // Blocks the event loop once the callback has returned and drizzle has sent its commit.
      queueMicrotask(() =>
        setImmediate(() => {
          const until = Date.now() + 1_000;
          while (Date.now() < until) {
            // busy: no socket is read and nothing is sent meanwhile
          }
          freedAt = Date.now();
        }),
      );
      return statements;
    });
    expect(await sent.failure()).toBeUndefined();

    // The backend went idle (committed) long before this process could have sent anything again.
    // Asked before the pool is used again: that would change its state.
    const observer = new pg.Client({ connectionString: database.url });
    await observer.connect();
    try {
      const { rows } = await observer.query<{ state: string; changed: Date }>(
        "select state, state_change as changed from pg_stat_activity where pid = $1",
        [backend],
      );
      expect(rows[0]?.state).toBe("idle");
      expect(freedAt - rows[0]!.changed.getTime()).toBeGreaterThan(500);
    } finally {
      await observer.end();
    }
    expect(await firstNameOf(member.id)).toBe("忙");
  });
});
