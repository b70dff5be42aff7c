import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { outboxMessages, payments } from "~/db/schema/index.ts";
import { parseEnv } from "~/env.server.ts";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";
import { createMember } from "../../../tests/integration/admin-fixtures.ts";
import { busyWeek } from "../../../tests/integration/group-buying-fixtures.ts";
import { closedCycle } from "../../../tests/integration/settlement-fixtures.ts";
import { createPaymentCompletion } from "./payment-completion.server.ts";

const database = setupTestDatabase();

afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});

async function emailsTo(address: string) {
  return database.db
    .select({ subject: outboxMessages.subject, body: outboxMessages.body })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, address), eq(outboxMessages.channel, "email")));
}

async function drain() {
  while ((await database.services.messages.adminNotices.sendDue()) > 0);
}

async function admins() {
  const wanting = await createMember(database.db, { type: "admin", email: `owner${Date.now()}@example.com` });
  return { wanting };
}

describe("the admins' email about kept money (issue 46 item 5)", () => {
  it("tells them when money is kept from a duplicate payment, in the payment's transaction", async () => {
    const { db, services } = database;
    await drain();
    const people = await admins();
    const cycle = await closedCycle(db, 1);
    const week = await busyWeek(db, cycle);
    const order = week.orders.firstOrder;
    await db.insert(payments).values({
      orderId: order.id,
      provider: "sandbox",
      providerRef: `dup_${order.id}`,
      amountCents: order.payableCents,
    });
    const completion = createPaymentCompletion(
      { db, log: pino({ level: "silent" }), env: parseEnv({}) },
      "sandbox",
    );
    expect(
      await completion.complete(`dup_${order.id}`, { succeeded: true, amountCents: order.payableCents }),
    ).not.toBe("paid");
    await drain();
    const [mail] = await emailsTo(people.wanting.email);
    expect(mail?.subject).toContain(order.number);
    expect(mail?.body).toContain("訂單已付款後再次付款");
    expect(mail?.body).toContain("/admin/payment-review");
    // A retry of the same result queues nothing more.
    await completion.complete(`dup_${order.id}`, { succeeded: true, amountCents: order.payableCents });
    expect(await services.messages.adminNotices.unsent()).toEqual([]);
  });
});
