/**
 * An admin marks one line of a settled order missing (issue 46 item 4, decision 0052), from the
 * order's page: the line gives back what the pickup console would (`creditedLines`), to dDollar as
 * at pickup or to the original payment (card, PayMe, FPS). Only once the cycle is settled, when the
 * line's credits are final: the order's row lock and its status make a refund wait for a
 * settlement in progress and then count the credits it wrote, so nothing is given back twice.
 */
import { and, eq } from "drizzle-orm";
import { orders, pickupShortages } from "~/db/schema/index.ts";
import type { RefundChoice } from "~/domain/payments/refunds.ts";
import type { Cents } from "~/domain/shared/money.ts";
import { missingLinesIn } from "~/i18n/pickup-quantity.ts";
import { writeLedgerEntry } from "../dollars/index.ts";
import { type RefundService, requestRefund } from "../refunds/index.ts";
import { recordAudit } from "../shared/audit.server.ts";
import { queueCreditNotice } from "../shared/credit-notices.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { creditedLines } from "./pickup-console-queries.server.ts";

/** The order's statuses after settlement, in which a line can be found missing. */
const SETTLED_STATUSES = ["confirmed", "ready_for_pickup", "collected"];

export type MissingLineResult =
  | {
      status: "refunded";
      number: string;
      refundCents: Cents;
      refundTo: RefundChoice;
      refundId: number | null;
    }
  /** Marked missing before (a double click): nothing changes. */
  | { status: "alreadyMissing"; number: string }
  | { status: "notSettled" | "badLine"; number: string }
  | { status: "refundRefused"; number: string; refusal: "notPaidThisWay" | "overPaid" }
  | { status: "not_found" };

export function createMissingLineService(
  { db, log }: Pick<ServiceDeps, "db" | "log">,
  refunds: Pick<RefundService, "sendCardRefunds">,
) {
  return {
    async markLineMissing(
      adminId: string,
      input: { orderId: number; lineId: number; refundTo: RefundChoice; reason: string },
      now = new Date(),
    ): Promise<MissingLineResult> {
      const result = await db.transaction(async (tx): Promise<MissingLineResult> => {
        const [order] = await tx
          .select({ id: orders.id, number: orders.number, status: orders.status, memberId: orders.memberId })
          .from(orders)
          .where(eq(orders.id, input.orderId))
          .for("update");
        if (!order) return { status: "not_found" };
        const [marked] = await tx
          .select({ id: pickupShortages.orderLineId })
          .from(pickupShortages)
          .where(and(eq(pickupShortages.orderLineId, input.lineId), eq(pickupShortages.orderId, order.id)));
        if (marked) return { status: "alreadyMissing", number: order.number };
        if (!SETTLED_STATUSES.includes(order.status)) return { status: "notSettled", number: order.number };
        const [line] = await creditedLines(tx, order.id, [input.lineId]);
        if (!line) return { status: "badLine", number: order.number };
        let refundId: number | null = null;
        if (input.refundTo !== "dollar" && line.refundCents > 0) {
          const refund = await requestRefund(tx, {
            orderId: order.id,
            orderNumber: order.number,
            memberId: order.memberId,
            method: input.refundTo,
            amountCents: line.refundCents,
            reason: "missing_line",
            key: `missing:${line.id}`,
            adminId,
            orderLineId: line.id,
            now,
          });
          if (refund.status === "notPaidThisWay" || refund.status === "overPaid")
            return { status: "refundRefused", number: order.number, refusal: refund.status };
          refundId = refund.refundId;
        }
        await tx.insert(pickupShortages).values({
          orderLineId: line.id,
          orderId: order.id,
          reason: input.reason,
          refundCents: line.refundCents,
          staffId: adminId,
          createdAt: now,
        });
        if (refundId === null) {
          // dDollar, as the pickup console does: the same key, so the line is credited once either way.
          await writeLedgerEntry(tx, {
            memberId: order.memberId,
            amountCents: line.refundCents,
            reason: "missing_refund",
            orderId: order.id,
            orderLineId: line.id,
            adminId,
            note: input.reason,
            key: `pickup-missing:${line.id}`,
            now,
          });
          await queueCreditNotice(tx, {
            batch: `pickup-missing:${order.id}:${line.id}`,
            memberId: order.memberId,
            kind: "missing",
            cents: line.refundCents,
            orderNumber: order.number,
            detail: (words) =>
              words.t("creditNotice.missing.detail", {
                lines: missingLinesIn(words, [line]),
                reason: input.reason,
              }),
            now,
          });
        }
        await recordAudit(tx, {
          actorId: adminId,
          action: "order.line_missing",
          entity: "order",
          entityId: String(order.id),
          after: {
            lineId: line.id,
            refundCents: line.refundCents,
            refundTo: input.refundTo,
            reason: input.reason,
          },
        });
        return {
          status: "refunded",
          number: order.number,
          refundCents: line.refundCents,
          refundTo: refundId === null ? "dollar" : input.refundTo,
          refundId,
        };
      });
      if (result.status === "refunded" && result.refundTo === "card" && result.refundId !== null) {
        await refunds.sendCardRefunds([result.refundId]).catch((error: unknown) => {
          log.warn({ err: error, refundId: result.refundId }, "card refund left for the retry job");
        });
      }
      return result;
    },
  };
}
