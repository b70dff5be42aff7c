/**
 * What the checkout page shows (Checkout issue item 2): the selected cart lines, the pickup points,
 * the member's draft (pickup point, remark, code — kept in Postgres so it survives a reload and
 * follows the member), whether the code applies, and the amounts of DESIGN §4.5 line by line. The
 * order itself is placed by `orders.placeOrder`, which checks everything again in its transaction.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { checkoutDrafts, members, orderCycles } from "~/db/schema/index.ts";
import { checkoutAmounts } from "~/domain/cart/checkout.ts";
import { deliveryFee, type OrderRefusal } from "~/domain/orders/orders.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { checkDiscountCode, deliveryFeePaid } from "../shared/order-rules.server.ts";
import type { createContentService } from "../site/index.ts";
import type { createCartService } from "./cart.server.ts";

export interface CheckoutDraft {
  pickupPointId: number | null;
  remark: string;
  discountCode: string | null;
}

const draftColumns = {
  pickupPointId: checkoutDrafts.pickupPointId,
  remark: checkoutDrafts.remark,
  discountCode: checkoutDrafts.discountCode,
};

/**
 * After an order is placed: its pickup point is kept for the next checkout, and its remark and
 * discount code are cleared, so neither is carried silently into the next order (issue 27).
 */
function keepPlacedChoice(db: Db, { memberId, pickupPointId }: { memberId: string; pickupPointId: number }) {
  return db
    .insert(checkoutDrafts)
    .values({ memberId, pickupPointId })
    .onConflictDoUpdate({
      target: checkoutDrafts.memberId,
      set: { pickupPointId, remark: "", discountCode: null, updatedAt: sql`now()` },
    })
    .returning(draftColumns);
}

/** A draft naming a pickup point that does not exist breaks its foreign key: that is the member's input. */
function unknownPickupPoint(error: unknown): [null] {
  const cause = (error as { cause?: unknown } | null)?.cause ?? error;
  const pg = cause as { code?: string; constraint?: string } | null;
  if (pg?.code === "23503" && pg.constraint?.includes("pickup_point")) return [null];
  throw error;
}

export function createCheckoutService(
  { db }: ServiceDeps,
  cart: ReturnType<typeof createCartService>,
  content: ReturnType<typeof createContentService>,
) {
  return {
    /**
     * Saves the given fields of the member's draft and returns the whole draft as saved, or null
     * when the pickup point given does not exist (issue 26 item 7: a posted id is the member's input).
     */
    async saveDraft(memberId: string, draft: Partial<CheckoutDraft>): Promise<CheckoutDraft | null> {
      const values = {
        ...(draft.pickupPointId !== undefined ? { pickupPointId: draft.pickupPointId } : {}),
        ...(draft.remark !== undefined ? { remark: draft.remark } : {}),
        ...(draft.discountCode !== undefined ? { discountCode: draft.discountCode || null } : {}),
      };
      const [saved] = await db
        .insert(checkoutDrafts)
        .values({ memberId, ...values })
        .onConflictDoUpdate({ target: checkoutDrafts.memberId, set: { ...values, updatedAt: sql`now()` } })
        .returning(draftColumns)
        .catch(unknownPickupPoint);
      if (saved === null) return null;
      if (!saved) throw new Error("checkout draft upsert returned nothing");
      return saved;
    },

    /** Keeps the placed order's pickup point for next time; clears its remark and code (null: no such point). */
    async keepPlacedChoice(
      memberId: string,
      choice: { pickupPointId: number },
    ): Promise<CheckoutDraft | null> {
      const [saved] = await keepPlacedChoice(db, { memberId, ...choice }).catch(unknownPickupPoint);
      if (saved === null) return null;
      if (!saved) throw new Error("checkout draft upsert returned nothing");
      return saved;
    },

    async view(memberId: string, now = new Date()) {
      const [cartView, areas, [draftRow], [member], [cycle]] = await Promise.all([
        cart.view(memberId),
        content.pickupAreas(),
        db.select().from(checkoutDrafts).where(eq(checkoutDrafts.memberId, memberId)),
        db.select({ balance: members.dDollarCents }).from(members).where(eq(members.id, memberId)),
        db
          .select({
            id: orderCycles.id,
            cutoffAt: orderCycles.cutoffAt,
            pickupFrom: orderCycles.pickupFrom,
            pickupTo: orderCycles.pickupTo,
          })
          .from(orderCycles)
          .where(and(eq(orderCycles.status, "open"), gt(orderCycles.cutoffAt, now))),
      ]);
      const draft: CheckoutDraft = {
        pickupPointId: draftRow?.pickupPointId ?? null,
        remark: draftRow?.remark ?? "",
        discountCode: draftRow?.discountCode ?? null,
      };
      const points = areas.flatMap((area) =>
        area.districts.flatMap((district) =>
          district.points.map((point) => ({ ...point, district: district.name, area: area.area })),
        ),
      );
      const point = points.find((candidate) => candidate.id === draft.pickupPointId) ?? null;

      const feePaid = cycle ? await deliveryFeePaid(db, memberId, cycle.id) : false;

      const selected = cartView.lines.filter((line) => line.selected);
      const checkoutLines = selected.map((line) => ({
        product: line.product,
        quantity: line.quantity,
        selected: true,
      }));
      const itemsOnly = checkoutAmounts({ lines: checkoutLines, deliveryFeeCents: 0, balanceCents: 0 });

      let code: { text: string; percentage: number; description: string } | null = null;
      let codeRefusal: OrderRefusal | null = null;
      if (draft.discountCode) {
        const checked = await checkDiscountCode(db, {
          memberId,
          code: draft.discountCode,
          itemsCents: itemsOnly.itemsCents,
          now,
        });
        if (checked.status === "usable") {
          const found = checked.code;
          code = { text: found.code, percentage: found.percentageDiscount, description: found.description };
        } else {
          codeRefusal = checked.refusal;
        }
      }

      const amounts = checkoutAmounts({
        lines: checkoutLines,
        percentageDiscount: code?.percentage,
        deliveryFeeCents: point ? deliveryFee(point, feePaid) : 0,
        balanceCents: member?.balance ?? 0,
      });
      return {
        lines: selected,
        soldOutNames: cartView.soldOutNames,
        areas,
        draft,
        point,
        feePaid,
        code,
        codeRefusal,
        balanceCents: member?.balance ?? 0,
        cycle: cycle
          ? { cutoffAt: cycle.cutoffAt.toISOString(), pickupFrom: cycle.pickupFrom, pickupTo: cycle.pickupTo }
          : null,
        needsAgeConfirmation: selected.some((line) => line.product.ageRestricted),
        amounts,
      };
    },
  };
}
