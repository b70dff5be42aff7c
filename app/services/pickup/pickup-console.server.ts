/**
 * The pickup-day console (issue 31 item 2): pickup staff see today's orders at their points, find
 * one by its pickup code or the member's QR, and hand it over — whole, or with lines missing, each
 * refunded to dDollar at once. A hand-over locks the order's row, so two taps or two phones at once
 * collect it once; every hand-over writes an order event and an audit entry in its transaction.
 */
import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server.ts";
import {
  members,
  orderCycles,
  orderLines,
  orders,
  pickupPoints,
  pickupShortages,
  pickupStaff,
} from "~/db/schema/index.ts";
import {
  CONSOLE_STATUSES,
  HANDOVER_STATUSES,
  type HandoverRefusal,
  handoverRefusal,
  maskMember,
  readPickupScan,
} from "~/domain/pickup/index.ts";
import { hkDayKey } from "~/domain/shared/hk-time.ts";
import type { Cents } from "~/domain/shared/money.ts";
import { t as eventText } from "~/i18n/order-events.ts";
import { missingLinesIn } from "~/i18n/pickup-quantity.ts";
import { writeLedger } from "../dollars/index.ts";
import { moveOrder } from "../orders/index.ts";
import { recordAudit } from "../shared/audit.server.ts";
import { queueCreditNotice } from "../shared/credit-notices.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { collectedEvent, creditedLines } from "./pickup-console-queries.server.ts";

export interface ConsoleStaff {
  id: string;
  type: "member" | "admin";
}

export interface ConsolePoint {
  id: number;
  name: string;
}

/** Where a scan or a typed code leads, or why it leads nowhere (nothing changes either way). */
export type ScanResult =
  | { status: "found"; code: string }
  | { status: "otherShop" | "invalid" | "unknown" }
  | { status: "otherPoint"; pointName: string };

export type CollectResult =
  | { status: "collected"; number: string; refundCents: Cents; pointId: number }
  | { status: "unknown" | "badLine" }
  | { status: "otherPoint"; pointName: string }
  | { status: HandoverRefusal; number: string };

/** The confirmation step's figures, or why there are none. */
export type MissingPreview =
  | {
      status: "preview";
      lines: {
        id: number;
        name: string;
        quantity: number;
        unit: string;
        defaultWeight: number;
        actualWeight: number | null;
      }[];
      refundCents: Cents;
    }
  | { status: "unknown" | "badLine" }
  | { status: "otherPoint"; pointName: string };

export interface MissingLines {
  lineIds: number[];
  reason: string;
}

export function createPickupConsoleService({ db }: ServiceDeps) {
  /** The points a member works at; an admin works at every active point. */
  async function pointsOf(staff: ConsoleStaff): Promise<ConsolePoint[]> {
    if (staff.type === "admin") {
      return db
        .select({ id: pickupPoints.id, name: pickupPoints.name })
        .from(pickupPoints)
        .where(eq(pickupPoints.active, true))
        .orderBy(asc(pickupPoints.position), asc(pickupPoints.id));
    }
    return db
      .select({ id: pickupPoints.id, name: pickupPoints.name })
      .from(pickupStaff)
      .innerJoin(pickupPoints, eq(pickupPoints.id, pickupStaff.pickupPointId))
      .where(eq(pickupStaff.memberId, staff.id))
      .orderBy(asc(pickupPoints.position), asc(pickupPoints.id));
  }

  async function allowed(
    staff: ConsoleStaff,
    pointId: number,
    executor: Pick<Tx, "select"> = db,
  ): Promise<boolean> {
    if (staff.type === "admin") return true;
    const [row] = await executor
      .select({ id: pickupStaff.pickupPointId })
      .from(pickupStaff)
      .where(and(eq(pickupStaff.memberId, staff.id), eq(pickupStaff.pickupPointId, pointId)));
    return row !== undefined;
  }

  async function pointName(pointId: number, executor: Pick<Tx, "select"> = db): Promise<string> {
    const [row] = await executor
      .select({ name: pickupPoints.name })
      .from(pickupPoints)
      .where(eq(pickupPoints.id, pointId));
    return row?.name ?? "";
  }

  return {
    pointsOf,

    /** Whether the member is pickup staff at one point at least (or an admin). */
    async isStaff(staff: ConsoleStaff): Promise<boolean> {
      if (staff.type === "admin") return true;
      const [row] = await db
        .select({ id: pickupStaff.pickupPointId })
        .from(pickupStaff)
        .where(eq(pickupStaff.memberId, staff.id))
        .limit(1);
      return row !== undefined;
    },

    /** A point's orders whose cycle has its pickup days today (Hong Kong), oldest first. */
    async todayOrders(pointId: number, now = new Date()) {
      const today = hkDayKey(now);
      const rows = await db
        .select({
          id: orders.id,
          number: orders.number,
          pickupCode: orders.pickupCode,
          status: orders.status,
          lastName: members.lastName,
          phone: members.phone,
          lines: sql<number>`(select count(*) from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.status} = 'active')::int`,
        })
        .from(orders)
        .innerJoin(orderCycles, eq(orderCycles.id, orders.cycleId))
        .innerJoin(members, eq(members.id, orders.memberId))
        .where(
          and(
            eq(orders.pickupPointId, pointId),
            inArray(orders.status, [...CONSOLE_STATUSES]),
            lte(orderCycles.pickupFrom, today),
            gte(orderCycles.pickupTo, today),
          ),
        )
        .orderBy(asc(orders.id))
        .limit(2_000);
      return rows.map(({ lastName, phone, ...row }) => ({ ...row, member: maskMember({ lastName, phone }) }));
    },

    /**
     * A scan or a typed code, read for a point the staff member works at. Another shop's QR, a
     * malformed code, an unknown one or another point's order is said so, and nothing changes.
     */
    async find(staff: ConsoleStaff, text: string): Promise<ScanResult> {
      const reading = readPickupScan(text);
      if (!reading.ok) return { status: reading.error };
      const [order] = await db
        .select({ pointId: orders.pickupPointId })
        .from(orders)
        .where(eq(orders.pickupCode, reading.code));
      if (!order) return { status: "unknown" };
      if (!(await allowed(staff, order.pointId)))
        return { status: "otherPoint", pointName: await pointName(order.pointId) };
      return { status: "found", code: reading.code };
    },

    /** One order as staff see it at the counter, or why they may not. */
    async order(staff: ConsoleStaff, code: string) {
      const [order] = await db
        .select({
          id: orders.id,
          number: orders.number,
          pickupCode: orders.pickupCode,
          status: orders.status,
          pointId: orders.pickupPointId,
          pointName: pickupPoints.name,
          lastName: members.lastName,
          phone: members.phone,
        })
        .from(orders)
        .innerJoin(members, eq(members.id, orders.memberId))
        .innerJoin(pickupPoints, eq(pickupPoints.id, orders.pickupPointId))
        .where(eq(orders.pickupCode, code));
      if (!order) return { status: "unknown" } as const;
      if (!(await allowed(staff, order.pointId)))
        return { status: "otherPoint", pointName: order.pointName } as const;
      const [lines, [collected]] = await Promise.all([
        db
          .select({
            id: orderLines.id,
            name: orderLines.name,
            quantity: orderLines.quantity,
            unit: orderLines.unit,
            defaultWeight: orderLines.defaultWeight,
            actualWeight: orderLines.actualWeight,
            missingReason: pickupShortages.reason,
            refundCents: pickupShortages.refundCents,
          })
          .from(orderLines)
          .leftJoin(pickupShortages, eq(pickupShortages.orderLineId, orderLines.id))
          .where(and(eq(orderLines.orderId, order.id), eq(orderLines.status, "active")))
          .orderBy(asc(orderLines.id)),
        order.status === "collected" ? collectedEvent(db, order.id) : [],
      ]);
      const { lastName, phone, ...rest } = order;
      return {
        status: "found",
        order: {
          ...rest,
          member: maskMember({ lastName, phone }),
          lines,
          collectable: (HANDOVER_STATUSES as readonly string[]).includes(order.status),
          collectedAt: collected?.at ?? null,
          collectedBy: collected ? `${collected.byLastName ?? ""}${collected.byFirstName ?? ""}` : null,
        },
      } as const;
    },

    /**
     * What the missing lines chosen would give back, for the confirmation step (nothing is written);
     * another point's order is refused with that point's name, as everywhere in the console.
     */
    async missingPreview(staff: ConsoleStaff, code: string, lineIds: number[]): Promise<MissingPreview> {
      const [order] = await db
        .select({
          id: orders.id,
          pointId: orders.pickupPointId,
          percentageDiscount: orders.percentageDiscount,
        })
        .from(orders)
        .where(eq(orders.pickupCode, code));
      if (!order) return { status: "unknown" };
      if (!(await allowed(staff, order.pointId)))
        return { status: "otherPoint", pointName: await pointName(order.pointId) };
      const lines = await creditedLines(db, order.id, lineIds);
      if (lines.length !== new Set(lineIds).size) return { status: "badLine" };
      return {
        status: "preview",
        lines: lines.map((line) => ({
          id: line.id,
          name: line.name,
          quantity: line.quantity,
          unit: line.unit,
          defaultWeight: line.defaultWeight,
          actualWeight: line.actualWeight,
        })),
        refundCents: lines.reduce((sum, line) => sum + line.refundCents, 0),
      };
    },

    /**
     * Hands an order over, with `missing` lines refunded to dDollar at once (one ledger record each,
     * keyed by the line); the member's text is queued with them and sent by the credit-sms job.
     */
    async collect(
      staff: ConsoleStaff,
      code: string,
      missing: MissingLines | null,
      now = new Date(),
    ): Promise<CollectResult> {
      const result = await db.transaction(async (tx) => {
        const [order] = await tx
          .select({
            id: orders.id,
            number: orders.number,
            status: orders.status,
            memberId: orders.memberId,
            pointId: orders.pickupPointId,
            percentageDiscount: orders.percentageDiscount,
          })
          .from(orders)
          .where(eq(orders.pickupCode, code))
          .for("update");
        if (!order) return { status: "unknown" } as const;
        if (!(await allowed(staff, order.pointId, tx)))
          return { status: "otherPoint", pointName: await pointName(order.pointId, tx) } as const;
        const refusal = handoverRefusal(order.status);
        if (refusal) return { status: refusal, number: order.number } as const;
        const lineIds = [...new Set(missing?.lineIds ?? [])];
        const lines = lineIds.length > 0 ? await creditedLines(tx, order.id, lineIds) : [];
        if (lines.length !== lineIds.length) return { status: "badLine" } as const;
        const refunds = lines.map((line) => ({
          line,
          cents: line.refundCents,
        }));
        const refundCents = refunds.reduce((sum, refund) => sum + refund.cents, 0);
        const reason = missing?.reason ?? "";
        await moveOrder(tx, order, {
          to: "collected",
          actorId: staff.id,
          note:
            lines.length > 0
              ? eventText("orderEvent.collectedShort", {
                  code,
                  lines: lines.map((line) => line.name).join("、"),
                  reason,
                })
              : eventText("orderEvent.collected", { code }),
          now,
        });
        if (lines.length > 0) {
          await tx.insert(pickupShortages).values(
            refunds.map(({ line, cents }) => ({
              orderLineId: line.id,
              orderId: order.id,
              reason,
              refundCents: cents,
              staffId: staff.id,
              createdAt: now,
            })),
          );
          await writeLedger(
            tx,
            refunds.map(({ line, cents }) => ({
              memberId: order.memberId,
              amountCents: cents,
              reason: "missing_refund" as const,
              orderId: order.id,
              orderLineId: line.id,
              adminId: staff.id,
              note: reason,
              key: `pickup-missing:${line.id}`,
              now,
            })),
          );
        }
        await recordAudit(tx, {
          actorId: staff.id,
          action: lines.length > 0 ? "pickup.collect_missing" : "pickup.collect",
          entity: "order",
          entityId: String(order.id),
          before: { status: order.status },
          after: {
            status: "collected",
            code,
            ...(lines.length > 0
              ? {
                  missing: refunds.map(({ line, cents }) => ({
                    lineId: line.id,
                    name: line.name,
                    refundCents: cents,
                  })),
                  reason,
                }
              : {}),
          },
        });
        // Issue 47 item 4: told the way every credit is, by the credit-sms job after the commit.
        await queueCreditNotice(tx, {
          batch: `pickup-missing:${order.id}`,
          memberId: order.memberId,
          kind: "missing",
          cents: refundCents,
          orderNumber: order.number,
          detail: (words) =>
            words.t("creditNotice.missing.detail", {
              lines: missingLinesIn(words, lines),
              reason,
            }),
          now,
        });
        return {
          status: "collected",
          number: order.number,
          refundCents,
          pointId: order.pointId,
        } as const;
      });
      return result;
    },
  };
}
