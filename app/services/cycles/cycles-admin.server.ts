/**
 * /admin/deadline (issue 6 item 1, DESIGN §4.3): order cycles as the back office sees them. Each
 * write runs in one transaction with its audit entry (DESIGN §4.14).
 *
 * Exactly one cycle is open: the database's unique index refuses a second, and a create that meets
 * it is answered with the open cycle. A settled cycle is history and is not edited; a cycle with
 * orders is never deleted (its orders name it). "Settle now" is the settlement job's own use case,
 * asked for by an admin.
 */
import { and, asc, count, desc, eq, gt, lt, ne, sql } from "drizzle-orm";
import { members, orderCycles, orders, pickupPoints, siteSettings } from "~/db/schema/index.ts";
import {
  type CycleInput,
  type CycleListQuery,
  type CycleRefusal,
  cycleRefusal,
  sameMinute,
} from "~/domain/cycles/admin-cycle.schema.ts";
import {
  type ClosedPoint,
  closedPickupPoints,
  closePickupRefusal,
  keepsPickupOrder,
  nextCycleDates,
  type PickupWindow,
  type WeeklyCutoff,
} from "~/domain/cycles/cycle-calendar.ts";
import { changedFields } from "~/domain/site/admin-audit.ts";
import { listAudit, recordAudit } from "../shared/audit.server.ts";
import { closeCycle, weeklyCutoff } from "../shared/cycle-rules.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { readListPage } from "../shared/list-page.server.ts";
import { cycleOrderCounts } from "../shared/order-rules.server.ts";
import { createSettleNowService, type SettleNowServices } from "./settle-now.server.ts";

type CycleRow = typeof orderCycles.$inferSelect;

export type CycleSaveResult =
  | { status: "saved"; row: CycleRow; changed: boolean }
  | { status: "not_found" }
  | { status: "refused"; refusal: CycleRefusal; open?: CycleRow; neighbour?: PickupWindow };

export type CycleCloseResult =
  | { status: "closed"; row: CycleRow; next: CycleRow | null }
  | { status: "not_found" }
  | { status: "notOpen"; row: CycleRow }
  | { status: "refused"; refusal: NonNullable<ReturnType<typeof closePickupRefusal>> };

/** The pickup days an admin closing a cycle early chose for it and for the next one. */
export interface ClosePickupDays {
  closed: PickupWindow;
  next: PickupWindow;
}

export type CycleDeleteResult =
  | { status: "deleted"; row: CycleRow }
  | { status: "not_found" }
  | { status: "in_use"; orders: number };

const cycleKeys = ["cutoffAt", "pickupFrom", "pickupTo"] as const;
const ONE_OPEN_INDEX = "order_cycles_one_open_idx";
const FOREIGN_KEY_VIOLATION = "23503";

/** PostgreSQL's error field, as node-postgres reports it (drizzle wraps it in `cause`). */
function pgField(error: unknown, field: "code" | "constraint"): unknown {
  const read = (value: unknown) => (value as Record<string, unknown> | null)?.[field];
  return read(error) ?? read((error as { cause?: unknown } | null)?.cause);
}

const cycleAudit = (row: CycleRow) => ({
  cutoffAt: row.cutoffAt.toISOString(),
  pickupFrom: row.pickupFrom,
  pickupTo: row.pickupTo,
  status: row.status,
});

type Tx = Parameters<Parameters<ServiceDeps["db"]["transaction"]>[0]>[0];

/**
 * Issue 47 item 8: the cycles cutting off just before and just after this one keep the calendar's
 * order — a later cycle never picks up before an earlier one. Answers the refusal with the
 * neighbour's days, or null.
 */
async function neighbourRefusal(
  tx: Tx,
  id: number | null,
  input: CycleInput,
): Promise<Extract<CycleSaveResult, { status: "refused" }> | null> {
  const others = id === null ? undefined : ne(orderCycles.id, id);
  const window = { pickupFrom: orderCycles.pickupFrom, pickupTo: orderCycles.pickupTo };
  const [[earlier], [later]] = await Promise.all([
    tx
      .select(window)
      .from(orderCycles)
      .where(and(lt(orderCycles.cutoffAt, input.cutoffAt), others))
      .orderBy(desc(orderCycles.cutoffAt))
      .limit(1),
    tx
      .select(window)
      .from(orderCycles)
      .where(and(gt(orderCycles.cutoffAt, input.cutoffAt), others))
      .orderBy(asc(orderCycles.cutoffAt))
      .limit(1),
  ]);
  if (earlier && !keepsPickupOrder(earlier, input)) {
    return { status: "refused", refusal: "pickupBeforeEarlier", neighbour: earlier };
  }
  if (later && !keepsPickupOrder(input, later)) {
    return { status: "refused", refusal: "pickupAfterLater", neighbour: later };
  }
  return null;
}

export function createCyclesAdminService({ db, log }: ServiceDeps, services: SettleNowServices) {
  const settleNow = createSettleNowService({ db, log }, services);

  async function openCycle(): Promise<CycleRow | null> {
    const [open] = await db.select().from(orderCycles).where(eq(orderCycles.status, "open"));
    return open ?? null;
  }

  return {
    ...settleNow,
    openCycle,

    /** /admin/deadline: newest cut-off first, with each cycle's paid and waiting orders counted. */
    async listCycles(query: CycleListQuery) {
      const where = query.status === "all" ? undefined : eq(orderCycles.status, query.status);
      const counts = cycleOrderCounts(db);
      return readListPage(
        query,
        db.select({ total: count() }).from(orderCycles).where(where),
        db
          .select({
            id: orderCycles.id,
            cutoffAt: orderCycles.cutoffAt,
            pickupFrom: orderCycles.pickupFrom,
            pickupTo: orderCycles.pickupTo,
            status: orderCycles.status,
            settledAt: orderCycles.settledAt,
            paidOrders: counts.paid,
            pendingOrders: counts.pending,
          })
          .from(orderCycles)
          .leftJoinLateral(counts, sql`true`)
          .where(where)
          .orderBy(desc(orderCycles.cutoffAt), desc(orderCycles.id))
          .$dynamic(),
      );
    },

    /** One cycle for its page: orders by kind (every order blocks a delete), who settled it, history. */
    async getCycle(id: number) {
      const counts = cycleOrderCounts(db);
      const [[cycle], history] = await Promise.all([
        db
          .select({
            cycle: orderCycles,
            settledByName: sql<string | null>`${members.lastName} || ${members.firstName}`,
            orders: {
              total: counts.total,
              paid: counts.paid,
              pending: counts.pending,
              claimed: counts.claimed,
            },
          })
          .from(orderCycles)
          .leftJoin(members, eq(members.id, orderCycles.settledBy))
          .leftJoinLateral(counts, sql`true`)
          .where(eq(orderCycles.id, id)),
        listAudit(db, { entity: "order_cycle", entityId: String(id), limit: 10 }),
      ]);
      if (!cycle) return null;
      return { cycle: cycle.cycle, settledByName: cycle.settledByName, orders: cycle.orders, history };
    },

    /** A new cycle takes orders at once, so it must end in the future and be the only open one. */
    async createCycle(actorId: string, input: CycleInput, now = new Date()): Promise<CycleSaveResult> {
      const refusal = cycleRefusal(null, input, now);
      if (refusal) return { status: "refused", refusal };
      try {
        return await db.transaction(async (tx): Promise<CycleSaveResult> => {
          const outOfOrder = await neighbourRefusal(tx, null, input);
          if (outOfOrder) return outOfOrder;
          const [row] = await tx
            .insert(orderCycles)
            .values({ ...input, status: "open" })
            .returning();
          if (!row) throw new Error("order cycle insert returned nothing");
          await recordAudit(tx, {
            actorId,
            action: "order_cycle.create",
            entity: "order_cycle",
            entityId: String(row.id),
            after: cycleAudit(row),
          });
          return { status: "saved", row, changed: true };
        });
      } catch (error) {
        if (pgField(error, "constraint") !== ONE_OPEN_INDEX) throw error;
        return { status: "refused", refusal: "openExists", open: (await openCycle()) ?? undefined };
      }
    },

    /**
     * Merges the form into the cycle under its row lock: orders being placed hold the open cycle's
     * row, so a new cut-off applies to the next order. No change, no write.
     */
    async updateCycle(
      actorId: string,
      id: number,
      input: CycleInput,
      now = new Date(),
    ): Promise<CycleSaveResult> {
      return db.transaction(async (tx): Promise<CycleSaveResult> => {
        const [current] = await tx.select().from(orderCycles).where(eq(orderCycles.id, id)).for("update");
        if (!current) return { status: "not_found" };
        const refusal = cycleRefusal(current, input, now);
        if (refusal) return { status: "refused", refusal };
        // A cut-off in the same minute stays exactly as stored (the form cannot show seconds).
        const values = sameMinute(input.cutoffAt, current.cutoffAt)
          ? { ...input, cutoffAt: current.cutoffAt }
          : input;
        const changed = changedFields(current, values, cycleKeys);
        if (!changed) return { status: "saved", row: current, changed: false };
        const outOfOrder = await neighbourRefusal(tx, id, values);
        if (outOfOrder) return outOfOrder;
        const [row] = await tx.update(orderCycles).set(values).where(eq(orderCycles.id, id)).returning();
        await recordAudit(tx, {
          actorId,
          action: "order_cycle.update",
          entity: "order_cycle",
          entityId: String(id),
          ...changed,
        });
        return { status: "saved", row: row ?? current, changed: true };
      });
    },

    /** Only a cycle no order names goes (the database refuses the rest too). */
    async deleteCycle(actorId: string, id: number): Promise<CycleDeleteResult> {
      try {
        return await db.transaction(async (tx): Promise<CycleDeleteResult> => {
          const [current] = await tx.select().from(orderCycles).where(eq(orderCycles.id, id)).for("update");
          if (!current) return { status: "not_found" };
          const [used] = await tx.select({ total: count() }).from(orders).where(eq(orders.cycleId, id));
          if ((used?.total ?? 0) > 0) return { status: "in_use", orders: used?.total ?? 0 };
          await tx.delete(orderCycles).where(eq(orderCycles.id, id));
          await recordAudit(tx, {
            actorId,
            action: "order_cycle.delete",
            entity: "order_cycle",
            entityId: String(id),
            before: cycleAudit(current),
          });
          return { status: "deleted", row: current };
        });
      } catch (error) {
        // An order placed in the cycle between the count and the delete.
        if (pgField(error, "code") === FOREIGN_KEY_VIOLATION) return { status: "in_use", orders: 1 };
        throw error;
      }
    },

    /**
     * Issue 27 item 7: the pickup points (active ones, or those this cycle's orders go to) closed on
     * some of the pickup days, by their opening days. A warning for the cycle's page, not a refusal.
     */
    async closedPointsOn(pickupFrom: string, pickupTo: string, cycleId?: number): Promise<ClosedPoint[]> {
      const used = cycleId
        ? sql`exists (select 1 from ${orders} where ${orders.pickupPointId} = ${pickupPoints.id}
            and ${orders.cycleId} = ${cycleId})`
        : sql`false`;
      const points = await db
        .select({ id: pickupPoints.id, name: pickupPoints.name, openDays: pickupPoints.openDays })
        .from(pickupPoints)
        .where(sql`(${pickupPoints.active} or ${used})`)
        .orderBy(asc(pickupPoints.position), asc(pickupPoints.id));
      return closedPickupPoints(points, pickupFrom, pickupTo);
    },

    /** The shop's weekly cut-off, which each next cycle follows. */
    weeklyCutoff: () => weeklyCutoff(db),

    /** Sets the weekly cut-off (site settings), audited; unchanged settings write nothing. */
    async setWeeklyCutoff(actorId: string, pattern: WeeklyCutoff): Promise<{ changed: boolean }> {
      return db.transaction(async (tx) => {
        await tx.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
        const [current] = await tx
          .select({ weekday: siteSettings.weeklyCutoffWeekday, minute: siteSettings.weeklyCutoffMinute })
          .from(siteSettings)
          .where(eq(siteSettings.id, 1))
          .for("update");
        if (current && current.weekday === pattern.weekday && current.minute === pattern.minute) {
          return { changed: false };
        }
        await tx
          .update(siteSettings)
          .set({
            weeklyCutoffWeekday: pattern.weekday,
            weeklyCutoffMinute: pattern.minute,
            updatedAt: new Date(),
          })
          .where(eq(siteSettings.id, 1));
        await recordAudit(tx, {
          actorId,
          action: "order_cycle.weekly_cutoff",
          entity: "order_cycle",
          entityId: null,
          before: current,
          after: pattern,
        });
        return { changed: true };
      });
    },

    /**
     * Issue 47 item 8: what closing the open cycle now would give both cycles, for the admin to see
     * (and move) before confirming: the closed cycle keeps its pickup days, the next gets the weekly
     * cut-off and pickup days no earlier than the closed one's.
     */
    async closePreview(id: number, now = new Date()) {
      const [current] = await db.select().from(orderCycles).where(eq(orderCycles.id, id));
      if (current?.status !== "open") return null;
      const cutoffAt = current.cutoffAt < now ? current.cutoffAt : now;
      const next = nextCycleDates(current, cutoffAt, await weeklyCutoff(db));
      return {
        closed: { cutoffAt, pickupFrom: current.pickupFrom, pickupTo: current.pickupTo },
        next,
      };
    },

    /**
     * Issue 27 item 7: an admin closes the open cycle now. Its cut-off moves to now and it closes as
     * it would have at its cut-off (`closeCycle`: `settling`, the next cycle opens on the weekly
     * pattern). The row lock waits for orders still being placed in it.
     */
    async closeNow(
      actorId: string,
      id: number,
      now = new Date(),
      pickup: ClosePickupDays | null = null,
    ): Promise<CycleCloseResult> {
      return db.transaction(async (tx): Promise<CycleCloseResult> => {
        const [current] = await tx.select().from(orderCycles).where(eq(orderCycles.id, id)).for("update");
        if (!current) return { status: "not_found" };
        if (current.status !== "open") return { status: "notOpen", row: current };
        const cutoffAt = current.cutoffAt < now ? current.cutoffAt : now;
        // Issue 47 item 8: the admin saw both cycles' pickup days and may have moved them.
        if (pickup) {
          const next = nextCycleDates(current, cutoffAt, await weeklyCutoff(tx));
          const refusal = closePickupRefusal(
            { ...pickup.closed, cutoffAt },
            { ...pickup.next, cutoffAt: next.cutoffAt },
          );
          if (refusal) return { status: "refused", refusal };
        }
        await tx
          .update(orderCycles)
          .set({ cutoffAt, ...pickup?.closed })
          .where(eq(orderCycles.id, id));
        await closeCycle(tx, current, cutoffAt, pickup?.next ?? null);
        const [row] = await tx.select().from(orderCycles).where(eq(orderCycles.id, id));
        const [next] = await tx.select().from(orderCycles).where(eq(orderCycles.status, "open"));
        await recordAudit(tx, {
          actorId,
          action: "order_cycle.close",
          entity: "order_cycle",
          entityId: String(id),
          before: {
            cutoffAt: current.cutoffAt.toISOString(),
            status: current.status,
            pickupFrom: current.pickupFrom,
            pickupTo: current.pickupTo,
            nextCycleId: null,
          },
          after: {
            cutoffAt: cutoffAt.toISOString(),
            status: "settling",
            pickupFrom: row?.pickupFrom,
            pickupTo: row?.pickupTo,
            nextCycleId: next?.id ?? null,
            nextPickupFrom: next?.pickupFrom,
            nextPickupTo: next?.pickupTo,
          },
        });
        return { status: "closed", row: row ?? current, next: next ?? null };
      });
    },
  };
}
