/**
 * Decision 0022: a statement built once and prepared under its name runs on whatever it is given,
 * the pool or a transaction's own connection, and PostgreSQL parses it once per connection.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { prepared } from "~/db/prepared.server.ts";
import { members } from "~/db/schema/index.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { withClient } from "../helpers/postgres.ts";
import { createMember } from "./admin-fixtures.ts";

const database = setupTestDatabase();

const firstNameOf = prepared("test_first_name_of", (runner) =>
  runner
    .select({ firstName: members.firstName })
    .from(members)
    .where(eq(members.id, sql.placeholder("id"))),
);

describe("prepared statements (decision 0022)", () => {
  it("runs inside a transaction on its connection, and on the pool outside it", async () => {
    const member = await createMember(database.db);
    expect(await firstNameOf(database.db, { id: member.id })).toEqual([{ firstName: member.firstName }]);

    await database.db.transaction(async (tx) => {
      await tx.update(members).set({ firstName: "改名" }).where(eq(members.id, member.id));
      // The transaction sees its own uncommitted write; another connection does not (a client of
      // its own: the pool refuses code inside a transaction a second connection, issue 26).
      expect(await firstNameOf(tx, { id: member.id })).toEqual([{ firstName: "改名" }]);
      const outside = await withClient(database.url, (client) =>
        client.query("select first_name from members where id = $1", [member.id]),
      );
      expect(outside.rows).toEqual([{ first_name: member.firstName }]);
    });
    expect(await firstNameOf(database.db, { id: member.id })).toEqual([{ firstName: "改名" }]);
  });

  it("is known to PostgreSQL by its name, once per connection, however often it runs", async () => {
    const member = await createMember(database.db);
    await database.db.transaction(async (tx) => {
      for (let run = 0; run < 3; run += 1) await firstNameOf(tx, { id: member.id });
      const { rows } = await tx.execute<{ statement: string }>(
        sql`select statement from pg_prepared_statements where name = 'test_first_name_of'`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.statement).toContain('from "members"');
    });
  });

  it("says which value is missing instead of sending the statement without it", async () => {
    await expect(firstNameOf(database.db, {})).rejects.toThrow('No value for placeholder "id"');
  });
});
