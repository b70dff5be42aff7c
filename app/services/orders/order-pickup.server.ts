/**
 * Pickup in the back office: a point's orders of a cycle become ready (each member texted), and
 * staff hand an order over by its pickup code. Rows are locked, so a second click or a second
 * admin changes nothing again.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { members, orderEvents, orderLines, orders, pickupPoints } from "~/db/schema/index.ts";
import {
  type CollectRefusal,
  collectRefusal,
  normalizePickupCode,
  READY_FROM_STATUSES,
} from "~/domain/orders/admin-order.schema.ts";
import type { Locale } from "~/i18n/locale.ts";
import { i18nIn } from "~/i18n/messages.server.ts";
import { t as eventText } from "~/i18n/order-events.ts";
import type { SmsProvider } from "~/integrations/sms/sms-provider.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { inMemberLanguage } from "../shared/member-language.server.ts";
import { memberName } from "./order-list.server.ts";
import { moveOrder, moveOrders } from "./order-state.server.ts";

/** The SMS a member gets when their order is ready at the pickup point (DESIGN §4.6). */
function pickupReadySms(order: {
  number: string;
  pickupCode: string;
  pointName: string;
  pointAddress: string;
  hours: string;
  locale: Locale;
}): string {
  // In the language the member reads (issue 48).
  const { t } = i18nIn(order.locale);
  return t("notice.pickupReady.sms", {
    shop: t("shop.name"),
    number: order.number,
    point: order.pointName,
    address: order.pointAddress,
    code: order.pickupCode,
    hours: order.hours,
  });
}

/** Texts sent at once when a pickup point's orders become ready. */
const SMS_CONCURRENCY = 5;

export type CollectResult =
  | {
      status: "collected";
      order: {
        id: number;
        number: string;
        memberName: string;
        phone: string;
        pointName: string;
        lines: { name: string; quantity: number; unit: string }[];
      };
    }
  | { status: "unknown" }
  | { status: CollectRefusal; id: number; number: string; orderStatus: string; collectedAt: Date | null };

export function createOrderPickupService({ db, log }: Pick<ServiceDeps, "db" | "log">, sms: SmsProvider) {
  /** Runs `send` over `items`, a few at a time; a failed text is logged and the rest go on. */
  async function textEach<T>(items: T[], send: (item: T) => Promise<void>): Promise<number> {
    let sent = 0;
    for (let i = 0; i < items.length; i += SMS_CONCURRENCY) {
      const results = await Promise.allSettled(items.slice(i, i + SMS_CONCURRENCY).map(send));
      for (const result of results) {
        if (result.status === "fulfilled") sent += 1;
        else log.warn({ err: result.reason }, "pickup-ready SMS not sent");
      }
    }
    return sent;
  }

  return {
    /**
     * A pickup point's paid and confirmed orders of a cycle become ready for pickup, and each
     * member is texted the order number, the point and the pickup code after the commit. The rows
     * are locked, so a second click (or a second admin) finds none left and texts nobody again.
     */
    async markReady(
      adminId: string,
      target: { cycleId: number; pickupPointId: number },
      now = new Date(),
    ): Promise<{ ready: number; texted: number }> {
      const readied = await db.transaction(async (tx) => {
        const due = await tx
          .select({ id: orders.id, status: orders.status })
          .from(orders)
          .where(
            and(
              eq(orders.cycleId, target.cycleId),
              eq(orders.pickupPointId, target.pickupPointId),
              inArray(orders.status, [...READY_FROM_STATUSES]),
            ),
          )
          .orderBy(asc(orders.id))
          .for("update");
        if (due.length === 0) return [];
        const ids = await moveOrders(tx, due, {
          to: "ready_for_pickup",
          actorId: adminId,
          note: eventText("orderEvent.ready"),
          now,
        });
        return tx
          .select({
            number: orders.number,
            pickupCode: orders.pickupCode,
            phone: members.phone,
            locale: members.locale,
            pointName: inMemberLanguage(members.locale, pickupPoints.name, pickupPoints.nameEn),
            pointAddress: inMemberLanguage(members.locale, pickupPoints.address, pickupPoints.addressEn),
            hours: inMemberLanguage(members.locale, pickupPoints.hours, pickupPoints.hoursEn),
          })
          .from(orders)
          .innerJoin(members, eq(members.id, orders.memberId))
          .innerJoin(pickupPoints, eq(pickupPoints.id, orders.pickupPointId))
          .where(inArray(orders.id, ids))
          .orderBy(asc(orders.id));
      });
      const texted = await textEach(readied, (order) =>
        sms.send({ to: order.phone, body: pickupReadySms(order) }),
      );
      if (readied.length > 0)
        log.info({ ...target, ready: readied.length, texted }, "orders ready for pickup");
      return { ready: readied.length, texted };
    },

    /**
     * Staff hand an order over: the pickup code (typed or scanned) finds it, and a ready or
     * confirmed order becomes collected; anything else is refused with the reason.
     */
    /**
     * Issue 27: what staff check before handing an order over: the member (surname and the last
     * four digits of the phone, nothing more) and the items, read without changing anything.
     */
    async collectPreview(rawCode: string) {
      const code = normalizePickupCode(rawCode);
      const [order] = await db
        .select({
          id: orders.id,
          number: orders.number,
          status: orders.status,
          lastName: members.lastName,
          phone: members.phone,
        })
        .from(orders)
        .innerJoin(members, eq(members.id, orders.memberId))
        .where(eq(orders.pickupCode, code));
      if (!order) return null;
      const lines = await db
        .select({ name: orderLines.name, quantity: orderLines.quantity })
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id))
        .orderBy(asc(orderLines.id));
      return {
        number: order.number,
        status: order.status,
        // Masked as staff at a counter may see it: the surname and the phone's last four digits.
        member: { surname: order.lastName, phoneEnd: order.phone.slice(-4) },
        lines,
      };
    },

    async collect(adminId: string, rawCode: string, now = new Date()): Promise<CollectResult> {
      const code = normalizePickupCode(rawCode);
      return db.transaction(async (tx): Promise<CollectResult> => {
        const [order] = await tx
          .select({ id: orders.id, number: orders.number, status: orders.status })
          .from(orders)
          .where(eq(orders.pickupCode, code))
          .for("update");
        if (!order) return { status: "unknown" };
        const refusal = collectRefusal(order.status);
        if (refusal) {
          const [collected] =
            refusal === "alreadyCollected"
              ? await tx
                  .select({ at: orderEvents.createdAt })
                  .from(orderEvents)
                  .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, "collected")))
                  .orderBy(desc(orderEvents.createdAt))
                  .limit(1)
              : [];
          return {
            status: refusal,
            id: order.id,
            number: order.number,
            orderStatus: order.status,
            collectedAt: collected?.at ?? null,
          };
        }
        await moveOrder(tx, order, {
          to: "collected",
          actorId: adminId,
          note: eventText("orderEvent.collected", { code }),
          now,
        });
        const [detail] = await tx
          .select({ memberName, phone: members.phone, pointName: pickupPoints.name })
          .from(orders)
          .innerJoin(members, eq(members.id, orders.memberId))
          .innerJoin(pickupPoints, eq(pickupPoints.id, orders.pickupPointId))
          .where(eq(orders.id, order.id));
        const lines = await tx
          .select({ name: orderLines.name, quantity: orderLines.quantity, unit: orderLines.unit })
          .from(orderLines)
          .where(and(eq(orderLines.orderId, order.id), eq(orderLines.status, "active")))
          .orderBy(asc(orderLines.id));
        return {
          status: "collected",
          order: {
            id: order.id,
            number: order.number,
            memberName: detail?.memberName ?? "",
            phone: detail?.phone ?? "",
            pointName: detail?.pointName ?? "",
            lines,
          },
        };
      });
    },
  };
}
