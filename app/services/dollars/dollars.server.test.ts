import { spawnSync } from "node:child_process";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { dollarLedger, members } from "~/db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";
import { projectRoot } from "../../../tests/helpers/server.ts";
import { createMember } from "../../../tests/integration/admin-fixtures.ts";

const database = setupTestDatabase();

/** `npm run check:ledger` as it runs: the command bundled by the run's build, with plain node. */
function checkLedger() {
  const script = path.join(inject("buildDir"), "commands/check-ledger.js");
  const run = spawnSync(process.execPath, ["--enable-source-maps", script], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: "test" },
    encoding: "utf8",
  });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

describe("dDollar adjustments (DESIGN §4.10)", () => {
  it("adds and deducts with a reason, never below 0, and keeps balance = Σ records with running balances", async () => {
    const { db, services } = database;
    const admin = await createMember(db, { type: "admin" });
    const member = await createMember(db);
    const { adjust, memberRecords } = services.dollars;

    expect(
      await adjust({ member: { phone: member.phone }, amountCents: 5_050, note: "補償", adminId: admin.id }),
    ).toEqual({
      status: "adjusted",
      balanceCents: 5_050,
    });
    expect(
      await adjust({ member: { id: member.id }, amountCents: -5_051, note: "扣除", adminId: admin.id }),
    ).toEqual({
      status: "refused",
      reason: "insufficient",
    });
    expect(
      await adjust({ member: { id: member.id }, amountCents: -2_000, note: "扣除", adminId: admin.id }),
    ).toEqual({
      status: "adjusted",
      balanceCents: 3_050,
    });
    expect(
      await adjust({ member: { phone: "99999999" }, amountCents: 100, note: "", adminId: admin.id }),
    ).toEqual({
      status: "refused",
      reason: "unknownMember",
    });
    const { rows, total } = await memberRecords(member.id);
    expect(total).toBe(2);
    expect(rows.map((row) => [row.amountCents, row.balanceCents, row.reason])).toEqual([
      [-2_000, 3_050, "admin_adjustment"],
      [5_050, 5_050, "admin_adjustment"],
    ]);
  });

  it("records a double-submitted form once", async () => {
    const { db, services } = database;
    const admin = await createMember(db, { type: "admin" });
    const member = await createMember(db);
    const input = {
      member: { id: member.id },
      amountCents: 1_000,
      note: "",
      adminId: admin.id,
      key: "form-1",
    };
    await Promise.all([services.dollars.adjust(input), services.dollars.adjust(input)]);
    const records = await db.select().from(dollarLedger).where(eq(dollarLedger.memberId, member.id));
    expect(records).toHaveLength(1);
  });

  it("lets 20 concurrent deductions of $10 take a $100 balance to exactly 0", async () => {
    const { db, services } = database;
    const admin = await createMember(db, { type: "admin" });
    const member = await createMember(db);
    await services.dollars.adjust({
      member: { id: member.id },
      amountCents: 10_000,
      note: "",
      adminId: admin.id,
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        services.dollars.adjust({
          member: { id: member.id },
          amountCents: -1_000,
          note: "",
          adminId: admin.id,
        }),
      ),
    );
    expect(results.filter((result) => result.status === "adjusted")).toHaveLength(10);
    const [row] = await db.select().from(members).where(eq(members.id, member.id));
    expect(row!.dDollarCents).toBe(0);
    expect(await services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
  });
});

describe("npm run check:ledger", () => {
  it("exits 0 when every balance matches and 1 naming the member when one does not", async () => {
    const { db } = database;
    const clean = checkLedger();
    expect(clean.out).toContain("Every cached dDollar balance equals");
    expect(clean.code).toBe(0);

    const member = await createMember(db);
    await db.update(members).set({ dDollarCents: 700 }).where(eq(members.id, member.id));
    const broken = checkLedger();
    expect(broken.code).toBe(1);
    expect(broken.out).toContain(`${member.phone} (${member.id}): cached $7.00, records $0.00`);
    await db.update(members).set({ dDollarCents: 0 }).where(eq(members.id, member.id));
  });

  it("exits 1 naming a record whose order is not there (the ledger has no foreign keys to orders)", async () => {
    const { db } = database;
    const member = await createMember(db);
    const [record] = await db
      .insert(dollarLedger)
      .values({
        memberId: member.id,
        amountCents: 500,
        reason: "group_refund",
        orderId: 987_654_321,
        orderLineId: 987_654_322,
        idempotencyKey: `dangling:${member.id}`,
      })
      .returning({ id: dollarLedger.id });
    await db.update(members).set({ dDollarCents: 500 }).where(eq(members.id, member.id));
    expect(await database.services.dollars.ledgerReferenceFaults()).toEqual([
      { recordId: record!.id, orderId: 987_654_321, orderLineId: 987_654_322 },
    ]);
    const broken = checkLedger();
    expect(broken.code).toBe(1);
    expect(broken.out).toContain("Every cached dDollar balance equals");
    expect(broken.out).toContain(`record ${record!.id}: order 987654321, line 987654322`);

    await db.delete(dollarLedger).where(eq(dollarLedger.id, record!.id));
    await db.update(members).set({ dDollarCents: 0 }).where(eq(members.id, member.id));
    expect(checkLedger().code).toBe(0);
  });
});
