import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payments } from "~/db/schema/index.ts";
import type { CardProvider } from "~/integrations/payment/payment-provider.ts";
import { refundFixtures } from "../../../tests/integration/refund-fixtures.ts";

/**
 * Issue 46 item 4 (decision 0052): a card refund's provider (its webhooks, twice or late, and a
 * provider that is down), and kept money sent back the way it came.
 */
const { database, paidBy, refundsOf, ledgerOf, balance, recordingCard, servicesWith, ...fixture } =
  refundFixtures();

describe("a card refund's webhooks", () => {
  it("reconciles by the provider's id; a retried or late event changes nothing", async () => {
    const card = recordingCard("pending");
    const { refunds: service, missing } = servicesWith(card.provider);
    const { order, lineId } = await paidBy("card", { status: "collected" });
    await missing.markLineMissing(fixture.admin().id, {
      orderId: order.id,
      lineId,
      refundTo: "card",
      reason: "",
    });
    expect(card.calls).toEqual([
      {
        paymentRef: `card_${order.id}`,
        amountCents: 10_000,
        idempotencyKey: expect.stringMatching(/^refund-\d+$/),
      },
    ]);
    const [sent] = await refundsOf(order.id);
    expect(sent).toMatchObject({ state: "sent", providerRefundId: `re_refund-${sent!.id}` });
    // A second send (the retry job) asks for nothing: the refund is with the provider.
    expect(await service.sendCardRefunds()).toBe(0);
    expect(card.calls).toHaveLength(1);

    const event = {
      id: `evt_${sent!.id}`,
      type: "refund.updated",
      providerRefundId: sent!.providerRefundId!,
      reference: `refund-${sent!.id}`,
      state: "succeeded" as const,
    };
    expect(await service.reconcile(event)).toBe("reconciled");
    expect(await service.reconcile(event)).toBe("duplicate");
    // An older event arriving late (still pending, or a failure) does not undo a refund done.
    expect(await service.reconcile({ ...event, id: `${event.id}_late`, state: "pending" })).toBe(
      "reconciled",
    );
    expect(await service.reconcile({ ...event, id: `${event.id}_failed`, state: "failed" })).toBe(
      "reconciled",
    );
    const [after] = await refundsOf(order.id);
    expect(after!.state).toBe("succeeded");
    expect(
      await service.reconcile({ ...event, id: "evt_other", providerRefundId: "re_unknown", reference: null }),
    ).toBe("unknown");
  });

  it("a refund the provider did not take is asked again with the same key, and a failure frees its amount", async () => {
    let failing = true;
    const card = recordingCard("failed");
    const flaky: CardProvider = {
      ...card.provider,
      async refund(refund) {
        if (failing) throw new Error("provider down");
        return card.provider.refund(refund);
      },
    };
    const { refunds: service, missing } = servicesWith(flaky);
    const { order, lineId } = await paidBy("card", { status: "collected" });
    await missing.markLineMissing(fixture.admin().id, {
      orderId: order.id,
      lineId,
      refundTo: "card",
      reason: "",
    });
    const [requested] = await refundsOf(order.id);
    expect(requested).toMatchObject({ state: "requested", providerRefundId: null });
    failing = false;
    expect(await service.sendCardRefunds()).toBeGreaterThanOrEqual(1);
    const [failed] = await refundsOf(order.id);
    expect(failed).toMatchObject({ state: "failed", providerRefundId: `re_refund-${failed!.id}` });
    expect(card.calls.map((call) => call.idempotencyKey)).toEqual([`refund-${failed!.id}`]);
  });
});

describe("money kept from a payment, sent back the way it came", () => {
  it("takes the dDollar back and refunds the card once; spent dDollar is refused", async () => {
    const { db } = database;
    const { order, member } = await paidBy("sandbox");
    // A second card session paid on the paid order: kept as dDollar (decision 0048).
    await db.insert(payments).values({
      orderId: order.id,
      provider: "sandbox",
      providerRef: `sandbox_dup_${order.id}`,
      amountCents: order.payableCents,
      status: "pending",
    });
    expect(
      await database.services.payments.complete(`sandbox_dup_${order.id}`, {
        succeeded: true,
        amountCents: 10_000,
      }),
    ).toBe("duplicateCredited");
    expect(await balance(member.id)).toBe(10_000);
    const [kept] = await db
      .select()
      .from(payments)
      .where(eq(payments.providerRef, `sandbox_dup_${order.id}`));
    const results = await Promise.all([
      database.services.payments.kept.returnToPayment(fixture.admin().id, kept!.id),
      database.services.payments.kept.returnToPayment(fixture.admin().id, kept!.id),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["alreadyReviewed", "returned"]);
    expect(await balance(member.id)).toBe(0);
    const [refund, ...more] = await refundsOf(order.id);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({
      method: "card",
      amountCents: 10_000,
      reason: "kept_payment",
      paymentId: kept!.id,
      state: "succeeded",
    });
    expect(await ledgerOf(order.id)).toEqual([
      { reason: "duplicate_payment_refund", cents: 10_000 },
      { reason: "kept_payment_returned", cents: -10_000 },
    ]);
  });

  it("refuses when the member has spent it", async () => {
    const { db } = database;
    const { order, member } = await paidBy("sandbox");
    await db.insert(payments).values({
      orderId: order.id,
      provider: "sandbox",
      providerRef: `sandbox_dup2_${order.id}`,
      amountCents: order.payableCents,
      status: "pending",
    });
    await database.services.payments.complete(`sandbox_dup2_${order.id}`, {
      succeeded: true,
      amountCents: 10_000,
    });
    await database.services.dollars.adjust({
      member: { id: member.id },
      amountCents: -4_000,
      note: "spent",
      adminId: fixture.admin().id,
    });
    const [kept] = await db
      .select()
      .from(payments)
      .where(eq(payments.providerRef, `sandbox_dup2_${order.id}`));
    expect(await database.services.payments.kept.returnToPayment(fixture.admin().id, kept!.id)).toEqual({
      status: "spent",
      balanceCents: 6_000,
    });
    expect(await refundsOf(order.id)).toEqual([]);
  });
});
