/**
 * /admin/weekly-order (issue 6 item 6): a cycle's paid orders as the shop's staff work through
 * them — totals per product (what to expect), purchase lists per merchant (what to buy), packing
 * lists per pickup point (what goes where), and weighing of weight-priced lines (DESIGN §4.9).
 * Only lines still to be delivered count: a limited group that missed its target has none.
 */
import { and, asc, count, desc, eq, gt, inArray, ne, type SQL, sql } from "drizzle-orm";
import {
  groupResults,
  members,
  merchants,
  orderCycles,
  orderLines,
  orders,
  pickupDistricts,
  pickupPoints,
  products,
} from "~/db/schema/index.ts";
import { productStanding } from "~/domain/cycles/cycle-report.ts";
import { type Paging, pageOf } from "~/domain/cycles/weekly-order.ts";
import { PIECE_UNIT, type ProductMode } from "~/domain/shared/pricing.ts";
import { recordAudit } from "../shared/audit.server.ts";
import { newCreditBatch, releaseCreditNotices } from "../shared/credit-notices.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { cycleOrderCounts, paidOrder } from "../shared/order-rules.server.ts";
import type { createSettlementService, WeighResult } from "./settlement.server.ts";

const activeLine = eq(orderLines.status, "active");
const weightLine = ne(orderLines.unit, PIECE_UNIT);
const memberName = sql<string>`${members.lastName} || ${members.firstName}`;

export function createWeeklyOrderService(
  { db, log }: ServiceDeps,
  settlement: Pick<ReturnType<typeof createSettlementService>, "weighLine">,
) {
  const inCycle = (cycleId: number) => and(eq(orders.cycleId, cycleId), paidOrder) as SQL;

  /** Weighs one line of a form's batch; a recorded weight gets an audit entry. */
  async function weighOne(
    actorId: string,
    entry: { lineId: number; weight: number },
    now: Date,
    batch: string,
  ): Promise<WeighResult> {
    const result = await settlement.weighLine(entry.lineId, entry.weight, {
      now,
      actorId,
      batch,
      held: true,
    });
    if (result.status === "weighed") {
      await recordAudit(db, {
        actorId,
        action: "order_line.weigh",
        entity: "order_line",
        entityId: String(entry.lineId),
        after: { actualWeight: entry.weight, creditedCents: result.creditedCents },
      });
    }
    return result;
  }

  /** Per product of the cycle: quantity, buyers, group, estimated and weighed weight, merchant. */
  async function productTotals(cycleId: number) {
    const rows = await db
      .select({
        productId: orderLines.productId,
        name: sql<string>`min(${orderLines.name})`,
        mode: sql<ProductMode>`min(${orderLines.mode})`,
        unit: sql<string>`min(${orderLines.unit})`,
        quantity: sql<number>`coalesce(sum(${orderLines.quantity}) filter (where ${activeLine}), 0)::int`,
        liveBuyers: sql<number>`count(distinct ${orders.memberId}) filter (where ${activeLine})::int`,
        estimatedWeight: sql<number | null>`(sum(${orderLines.quantity} * ${orderLines.defaultWeight})
          filter (where ${activeLine} and ${weightLine}))::float8`,
        weighedWeight: sql<
          number | null
        >`(sum(${orderLines.actualWeight}) filter (where ${activeLine}))::float8`,
        weightLines: sql<number>`count(*) filter (where ${activeLine} and ${weightLine})::int`,
        weighedLines: sql<number>`count(${orderLines.actualWeight}) filter (where ${activeLine} and ${weightLine})::int`,
        targetBuyers: products.targetBuyers,
        merchantId: merchants.id,
        merchantName: merchants.name,
        decidedBuyers: groupResults.buyers,
        decidedTarget: groupResults.targetBuyers,
        outcome: groupResults.outcome,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(products, eq(products.id, orderLines.productId))
      .leftJoin(merchants, eq(merchants.id, products.merchantId))
      .leftJoin(
        groupResults,
        and(eq(groupResults.cycleId, cycleId), eq(groupResults.productId, orderLines.productId)),
      )
      .where(inCycle(cycleId))
      .groupBy(
        orderLines.productId,
        products.targetBuyers,
        merchants.id,
        merchants.name,
        groupResults.buyers,
        groupResults.targetBuyers,
        groupResults.outcome,
      )
      .orderBy(sql`min(${orderLines.name})`, asc(orderLines.productId));
    return rows.map((row) => ({
      ...productStanding(row),
      estimatedWeight: row.estimatedWeight,
      weighedWeight: row.weighedWeight,
      weightLines: row.weightLines,
      weighedLines: row.weighedLines,
      merchantId: row.merchantId,
      merchantName: row.merchantName,
    }));
  }

  return {
    /** The cycles the page offers, newest first, each with its paid orders counted. */
    async cycleOptions(limit = 60) {
      const counts = cycleOrderCounts(db);
      return db
        .select({
          id: orderCycles.id,
          cutoffAt: orderCycles.cutoffAt,
          status: orderCycles.status,
          paidOrders: counts.paid,
        })
        .from(orderCycles)
        .leftJoinLateral(counts, sql`true`)
        .orderBy(desc(orderCycles.cutoffAt), desc(orderCycles.id))
        .limit(limit);
    },

    /** The page's default: the cycle with the latest cut-off that has paid orders. */
    async latestCycleWithOrders(): Promise<number | null> {
      const counts = cycleOrderCounts(db);
      const [row] = await db
        .select({ id: orderCycles.id })
        .from(orderCycles)
        .innerJoinLateral(counts, sql`true`)
        .where(gt(counts.paid, 0))
        .orderBy(desc(orderCycles.cutoffAt), desc(orderCycles.id))
        .limit(1);
      return row?.id ?? null;
    },

    /** The cycle and what its orders come to; null when there is no such cycle. */
    async summary(cycleId: number) {
      const [cycle] = await db.select().from(orderCycles).where(eq(orderCycles.id, cycleId));
      if (!cycle) return null;
      const [counts] = await db
        .select({
          paid: sql<number>`count(*) filter (where ${paidOrder})::int`,
          pending: sql<number>`count(*) filter (where ${orders.status} = 'pending_payment')::int`,
          members: sql<number>`count(distinct ${orders.memberId}) filter (where ${paidOrder})::int`,
        })
        .from(orders)
        .where(eq(orders.cycleId, cycleId));
      return {
        cycle,
        paidOrders: counts?.paid ?? 0,
        pendingOrders: counts?.pending ?? 0,
        members: counts?.members ?? 0,
      };
    },

    productTotals,

    /** Purchase lists: the products still to deliver, grouped by their merchant (none last). */
    async purchaseLists(cycleId: number) {
      const totals = (await productTotals(cycleId)).filter((row) => row.quantity > 0);
      const byMerchant = new Map<
        string,
        { merchantId: number | null; merchantName: string | null; products: typeof totals }
      >();
      for (const row of totals) {
        const key = row.merchantId === null ? "none" : String(row.merchantId);
        const group = byMerchant.get(key) ?? {
          merchantId: row.merchantId,
          merchantName: row.merchantName,
          products: [],
        };
        group.products.push(row);
        byMerchant.set(key, group);
      }
      return [...byMerchant.values()].sort((a, b) => {
        if (a.merchantName === null) return 1;
        if (b.merchantName === null) return -1;
        return a.merchantName.localeCompare(b.merchantName, "zh-HK");
      });
    },

    /** The pickup points the cycle's orders go to, for the packing lists' filter. */
    async pointsInCycle(cycleId: number) {
      return db
        .selectDistinct({
          id: pickupPoints.id,
          name: pickupPoints.name,
          districtName: pickupDistricts.name,
          districtPosition: pickupDistricts.position,
          position: pickupPoints.position,
        })
        .from(orders)
        .innerJoin(pickupPoints, eq(pickupPoints.id, orders.pickupPointId))
        .innerJoin(pickupDistricts, eq(pickupDistricts.id, pickupPoints.districtId))
        .where(inCycle(cycleId))
        .orderBy(asc(pickupDistricts.position), asc(pickupPoints.position), asc(pickupPoints.id));
    },

    /**
     * Packing lists: the cycle's paid orders with something to deliver, by pickup point then member,
     * each with its lines; `paging` counts orders.
     */
    async packingLists(cycleId: number, options: { pointId: number | null; paging: Paging }) {
      const hasLines = sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${activeLine})`;
      const where = and(
        inCycle(cycleId),
        hasLines,
        options.pointId === null ? undefined : eq(orders.pickupPointId, options.pointId),
      );
      const [counted] = await db.select({ total: count() }).from(orders).where(where);
      const total = counted?.total ?? 0;
      const { page, pageSize, limit, offset } = pageOf(options.paging, total);
      const orderRows = await db
        .select({
          id: orders.id,
          number: orders.number,
          pickupCode: orders.pickupCode,
          remark: orders.remark,
          memberName,
          phone: members.phone,
          pointId: pickupPoints.id,
          pointName: pickupPoints.name,
          districtName: pickupDistricts.name,
        })
        .from(orders)
        .innerJoin(members, eq(members.id, orders.memberId))
        .innerJoin(pickupPoints, eq(pickupPoints.id, orders.pickupPointId))
        .innerJoin(pickupDistricts, eq(pickupDistricts.id, pickupPoints.districtId))
        .where(where)
        .orderBy(
          asc(pickupDistricts.position),
          asc(pickupPoints.position),
          asc(pickupPoints.id),
          asc(members.phone),
          asc(orders.id),
        )
        .limit(limit)
        .offset(offset);
      const lines =
        orderRows.length === 0
          ? []
          : await db
              .select({
                id: orderLines.id,
                orderId: orderLines.orderId,
                name: orderLines.name,
                unit: orderLines.unit,
                quantity: orderLines.quantity,
                defaultWeight: orderLines.defaultWeight,
                actualWeight: orderLines.actualWeight,
              })
              .from(orderLines)
              .where(
                and(
                  inArray(
                    orderLines.orderId,
                    orderRows.map((row) => row.id),
                  ),
                  activeLine,
                ),
              )
              .orderBy(asc(orderLines.id));
      const rows = orderRows.map((order) => ({
        ...order,
        lines: lines
          .filter((line) => line.orderId === order.id)
          .map(({ orderId: _orderId, ...line }) => ({
            ...line,
            estimatedWeight: line.unit === PIECE_UNIT ? null : line.quantity * line.defaultWeight,
          })),
      }));
      return { rows, total, page, pageSize };
    },

    /** The weight-priced products of the cycle, for the weighing table's filter. */
    async weighableProducts(cycleId: number) {
      return db
        .selectDistinct({ id: orderLines.productId, name: orderLines.name })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(and(inCycle(cycleId), activeLine, weightLine))
        .orderBy(asc(orderLines.name), asc(orderLines.productId));
    },

    /** Weight-priced lines to weigh, by product then pickup point; optionally one product, unweighed only. */
    async weighingLines(
      cycleId: number,
      options: { productId: number | null; unweighed: boolean; paging: Paging },
    ) {
      const where = and(
        inCycle(cycleId),
        activeLine,
        weightLine,
        options.productId === null ? undefined : eq(orderLines.productId, options.productId),
        options.unweighed ? sql`${orderLines.actualWeight} is null` : undefined,
      );
      const [counted] = await db
        .select({ total: count() })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(where);
      const total = counted?.total ?? 0;
      const { page, pageSize, limit, offset } = pageOf(options.paging, total);
      const rows = await db
        .select({
          id: orderLines.id,
          productId: orderLines.productId,
          name: orderLines.name,
          unit: orderLines.unit,
          quantity: orderLines.quantity,
          defaultWeight: orderLines.defaultWeight,
          actualWeight: orderLines.actualWeight,
          orderNumber: orders.number,
          pickupCode: orders.pickupCode,
          memberName,
          phone: members.phone,
          pointName: pickupPoints.name,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .innerJoin(members, eq(members.id, orders.memberId))
        .innerJoin(pickupPoints, eq(pickupPoints.id, orders.pickupPointId))
        .where(where)
        .orderBy(asc(orderLines.name), asc(orderLines.productId), asc(pickupPoints.name), asc(orderLines.id))
        .limit(limit)
        .offset(offset);
      return {
        rows: rows.map((row) => ({ ...row, estimatedWeight: row.quantity * row.defaultWeight })),
        total,
        page,
        pageSize,
      };
    },

    /** The unit and estimate of some lines, for the words of a weighing's result. */
    async linesById(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: orderLines.id,
          name: orderLines.name,
          unit: orderLines.unit,
          quantity: orderLines.quantity,
          defaultWeight: orderLines.defaultWeight,
        })
        .from(orderLines)
        .where(inArray(orderLines.id, ids));
    },

    /** Weighs lines one after another (each its own transaction, DESIGN §4.9); reports each result. */
    async weigh(
      actorId: string,
      entries: ReadonlyArray<{ lineId: number; weight: number }>,
      now = new Date(),
    ): Promise<Array<{ lineId: number; weight: number; result: WeighResult }>> {
      const results = [];
      // One SMS per member for the form (issue 47 item 4), held until its last line is weighed.
      const batch = newCreditBatch("weigh");
      try {
        for (const entry of entries) {
          results.push({ ...entry, result: await weighOne(actorId, entry, now, batch) });
        }
      } finally {
        await releaseCreditNotices(db, batch);
      }
      const credited = results.reduce(
        (sum, entry) => sum + (entry.result.status === "weighed" ? entry.result.creditedCents : 0),
        0,
      );
      log.info({ actorId, lines: entries.length, credited }, "weekly order weighed");
      return results;
    },
  };
}

export type WeeklyOrderService = ReturnType<typeof createWeeklyOrderService>;
