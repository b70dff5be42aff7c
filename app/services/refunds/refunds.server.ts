/**
 * Refunds after they are written (issue 46 item 4, decision 0052): a card refund is asked of the
 * provider after the commit that wrote it, under one idempotency key per refund, and its state
 * follows the provider's webhooks (forward only, each event once); a PayMe or FPS refund waits in
 * the queue at /admin/refunds until an admin sends the transfer and records its reference.
 */
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { members, orders, paymentEvents, payments, refunds } from "~/db/schema/index.ts";
import { nextCardState, type RefundState } from "~/domain/payments/refunds.ts";
import type { CardProvider, CardRefundState } from "~/integrations/payment/payment-provider.ts";
import { recordAudit } from "../shared/audit.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { readListPage } from "../shared/list-page.server.ts";

export type RecordTransferResult = "recorded" | "alreadyRecorded" | "not_found" | "notTransfer";

/** The provider's key for one refund: a retried or doubled call refunds once. */
const providerKey = (refundId: number) => `refund-${refundId}`;

export function createRefundService({ db, log }: ServiceDeps, card: CardProvider) {
  /** Card refunds written and not yet taken by the provider, among `ids` (all when omitted). */
  async function unsentCardRefunds(ids?: readonly number[]) {
    const conditions: SQL[] = [
      eq(refunds.method, "card"),
      eq(refunds.state, "requested"),
      isNull(refunds.providerRefundId),
    ];
    if (ids) conditions.push(inArray(refunds.id, [...ids]));
    return db
      .select({ id: refunds.id, amountCents: refunds.amountCents, paymentRef: payments.providerRef })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(and(...conditions))
      .orderBy(asc(refunds.id));
  }

  /** The provider's word on a refund: forward only (`nextCardState`), with its id kept once known. */
  async function settleCardRefund(refundId: number, providerRefundId: string, reported: CardRefundState) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ state: refunds.state, providerRefundId: refunds.providerRefundId })
        .from(refunds)
        .where(eq(refunds.id, refundId))
        .for("update");
      if (!row) return;
      const state = nextCardState(row.state, reported);
      if (state === row.state && row.providerRefundId === providerRefundId) return;
      await tx
        .update(refunds)
        .set({ state, providerRefundId, updatedAt: new Date() })
        .where(eq(refunds.id, refundId));
    });
  }

  return {
    /**
     * Asks the provider for each written card refund among `ids` (or every one still unsent: the
     * job's retry). Run after the commit that wrote them; a failure leaves the refund `requested`
     * for the next try, and the provider's idempotency key makes a second call the same refund.
     */
    async sendCardRefunds(ids?: readonly number[]): Promise<number> {
      let sent = 0;
      for (const refund of await unsentCardRefunds(ids)) {
        if (!refund.paymentRef) continue;
        try {
          const made = await card.refund({
            paymentRef: refund.paymentRef,
            amountCents: refund.amountCents,
            idempotencyKey: providerKey(refund.id),
          });
          await settleCardRefund(refund.id, made.providerRefundId, made.state);
          sent += 1;
        } catch (error) {
          log.warn(
            { err: error, refundId: refund.id },
            "card refund not taken by the provider; retried later",
          );
        }
      }
      return sent;
    },

    /**
     * A provider's refund webhook: handled once per event id, matched by the provider's refund id
     * or, before that id is saved, by our key in its metadata. Returns whether a refund of ours was found.
     */
    async reconcile(event: {
      id: string;
      type: string;
      providerRefundId: string;
      reference: string | null;
      state: CardRefundState;
    }): Promise<"reconciled" | "duplicate" | "unknown"> {
      const byKey = /^refund-(\d+)$/.exec(event.reference ?? "");
      const [found] = await db
        .select({ id: refunds.id })
        .from(refunds)
        .where(
          or(
            eq(refunds.providerRefundId, event.providerRefundId),
            byKey ? and(eq(refunds.id, Number(byKey[1])), eq(refunds.method, "card")) : sql`false`,
          ),
        );
      if (!found) {
        log.warn({ event: event.id, providerRefundId: event.providerRefundId }, "a refund we did not make");
        return "unknown";
      }
      const fresh = await db
        .insert(paymentEvents)
        .values({ id: event.id, provider: card.name, type: event.type })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (fresh.length === 0) return "duplicate";
      await settleCardRefund(found.id, event.providerRefundId, event.state);
      return "reconciled";
    },

    /** /admin/refunds: the queue, those still to send first, then newest first; `state` filters. */
    async list(paging: { page: number; pageSize: number }, state: RefundState | null) {
      const where = state ? eq(refunds.state, state) : undefined;
      return readListPage(
        paging,
        db.select({ total: count() }).from(refunds).where(where),
        db
          .select({
            id: refunds.id,
            orderId: refunds.orderId,
            number: orders.number,
            memberName: sql<string>`${members.lastName} || ${members.firstName}`,
            phone: members.phone,
            method: refunds.method,
            amountCents: refunds.amountCents,
            state: refunds.state,
            reason: refunds.reason,
            reference: refunds.reference,
            providerRefundId: refunds.providerRefundId,
            createdAt: refunds.createdAt,
          })
          .from(refunds)
          .innerJoin(orders, eq(orders.id, refunds.orderId))
          .innerJoin(members, eq(members.id, refunds.memberId))
          .where(where)
          .orderBy(sql`${refunds.state} <> 'requested'`, desc(refunds.createdAt), desc(refunds.id))
          .$dynamic(),
      );
    },

    /** An admin sent a PayMe or FPS refund: its reference is recorded once (audited). */
    async recordTransfer(
      adminId: string,
      refundId: number,
      reference: string,
    ): Promise<RecordTransferResult> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for("update");
        if (!row) return "not_found";
        if (row.method === "card") return "notTransfer";
        if (row.state === "recorded") return "alreadyRecorded";
        await tx
          .update(refunds)
          .set({ state: "recorded", reference, recordedBy: adminId, updatedAt: new Date() })
          .where(eq(refunds.id, refundId));
        await recordAudit(tx, {
          actorId: adminId,
          action: "refund.record_transfer",
          entity: "refund",
          entityId: String(refundId),
          after: { reference },
        });
        return "recorded";
      });
    },

    /** An order's refunds, oldest first (the member's order page and receipt, the admin's order). */
    async forOrder(orderId: number) {
      return db
        .select({
          id: refunds.id,
          method: refunds.method,
          amountCents: refunds.amountCents,
          state: refunds.state,
          reason: refunds.reason,
          reference: refunds.reference,
          createdAt: refunds.createdAt,
        })
        .from(refunds)
        .where(eq(refunds.orderId, orderId))
        .orderBy(asc(refunds.id));
    },
  };
}

export type RefundService = ReturnType<typeof createRefundService>;
