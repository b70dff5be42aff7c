import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { adminNotices, orders, outboxMessages, payments } from "~/db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";
import { createMember } from "../../../tests/integration/admin-fixtures.ts";
import { busyWeek } from "../../../tests/integration/group-buying-fixtures.ts";
import { closedCycle, paidOrder } from "../../../tests/integration/settlement-fixtures.ts";

const database = setupTestDatabase();

afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});

async function admins() {
  const { db } = database;
  const wanting = await createMember(db, { type: "admin", email: `owner${Date.now()}@example.com` });
  const quiet = await createMember(db, { type: "admin", email: `quiet${Date.now()}@example.com` });
  const noAddress = await createMember(db, { type: "admin", email: "" });
  const member = await createMember(db, { email: `member${Date.now()}@example.com` });
  return { wanting, quiet, noAddress, member };
}

async function emailsTo(address: string) {
  return database.db
    .select({ subject: outboxMessages.subject, body: outboxMessages.body })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, address), eq(outboxMessages.channel, "email")));
}

async function drain() {
  while ((await database.services.messages.adminNotices.sendDue()) > 0);
}

describe("the admins' emails (issue 46 item 5)", () => {
  it("tells each admin who wants it that a cycle was settled, with its totals, once", async () => {
    const { db, services } = database;
    await drain();
    const people = await admins();
    await services.messages.adminNotices.setSwitches(people.quiet.id, [
      "sms_budget",
      "job_failing",
      "kept_payment",
      "claims_due",
    ]);
    expect(await services.messages.adminNotices.switchesOf(people.quiet.id)).not.toContain("cycle_settled");
    expect(await services.messages.adminNotices.switchesOf(people.wanting.id)).toContain("cycle_settled");

    const cycle = await closedCycle(db);
    await busyWeek(db, cycle);
    expect((await services.cycles.settlement.settleCycle(cycle.id)).status).toBe("settled");
    expect((await services.cycles.settlement.settleCycle(cycle.id)).status).toBe("settled");
    const queued = await db
      .select()
      .from(adminNotices)
      .where(eq(adminNotices.key, `cycle:${cycle.id}:settled`));
    expect(queued).toHaveLength(1);
    await drain();

    const [mail, ...more] = await emailsTo(people.wanting.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toMatch(/截單的一期已結算/);
    // The report's totals: paid $1,090.50, credited $355.30 (settlement-report.server.test.ts).
    expect(mail?.body).toContain("會員所付：$1,090.50");
    expect(mail?.body).toContain("結算回贈：$355.30");
    expect(mail?.body).toContain(`/admin/deadline/${cycle.id}/report`);
    expect(await emailsTo(people.quiet.email)).toEqual([]);
    expect(await emailsTo(people.member.email)).toEqual([]);
    expect((await db.select().from(adminNotices).where(sql`${adminNotices.sentAt} is null`)).length).toBe(0);
  });

  it("tells them each morning of claims reaching their deadline that day, once, and never before 8:00", async () => {
    const { db, services } = database;
    await drain();
    const people = await admins();
    const cycle = await closedCycle(db, -48);
    const week = await busyWeek(db, cycle);
    // 09:00 in Hong Kong on a day far from the test's own.
    const morning = new Date("2031-03-04T01:00:00Z");
    const early = new Date("2031-03-03T22:30:00Z");
    const claimed = await paidOrder(db, {
      cycleId: cycle.id,
      memberId: week.members.first.id,
      pickupPointId: week.points.plain.id,
      status: "pending_payment",
      lines: [{ product: week.products.pieces, quantity: 1 }],
    });
    await db
      .update(orders)
      .set({ expiresAt: new Date("2031-03-04T10:00:00Z") })
      .where(eq(orders.id, claimed.id));
    await db.insert(payments).values({
      orderId: claimed.id,
      provider: "fps",
      providerRef: `fps_${claimed.number}`,
      amountCents: claimed.payableCents,
    });
    expect(await services.messages.adminNotices.queueClaimsDue(early)).toBe(false);
    expect(await services.messages.adminNotices.queueClaimsDue(morning)).toBe(true);
    expect(await services.messages.adminNotices.queueClaimsDue(new Date(morning.getTime() + 3_600_000))).toBe(
      false,
    );
    await drain();
    const [mail] = await emailsTo(people.wanting.email);
    expect(mail?.subject).toContain("1 張");
    expect(mail?.body).toContain(claimed.number);
    expect(mail?.body).toContain("2031-03-04 18:00");
  });

  it("tells them once a day of a job that keeps failing, and respects the switch for the SMS budget", async () => {
    const { services } = database;
    await drain();
    const people = await admins();
    await services.messages.adminNotices.setSwitches(people.quiet.id, ["cycle_settled"]);
    const now = new Date("2031-05-01T03:00:00Z");
    expect(
      await services.messages.adminNotices.queueJobFailing(
        "settle-cycles",
        3,
        new Error("database down"),
        now,
      ),
    ).toBe(true);
    expect(
      await services.messages.adminNotices.queueJobFailing(
        "settle-cycles",
        4,
        new Error("database down"),
        now,
      ),
    ).toBe(false);
    await drain();
    expect((await emailsTo(people.wanting.email)).map((mail) => mail.subject)).toEqual([
      "【齊齊買】背景工作「settle-cycles」連續失敗",
    ]);
    expect(await emailsTo(people.quiet.email)).toEqual([]);

    await services.members.smsBudget.sendNotices(
      "login",
      [80],
      { day: 4_000, budget: 5_000, network: 1, address: 1 },
      now,
    );
    expect((await emailsTo(people.wanting.email)).some((mail) => mail.subject?.includes("80%"))).toBe(true);
    expect(await emailsTo(people.quiet.email)).toEqual([]);
    expect(await emailsTo(people.member.email)).toEqual([]);
  });
});
