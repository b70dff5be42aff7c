/**
 * The admins' email when a cycle is settled (issue 46 item 5): its totals, queued in the
 * settlement's own transaction, so a settlement that rolls back tells nobody and one that commits
 * is told exactly once (`cycle:<id>:settled`).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server.ts";
import { orders } from "~/db/schema/index.ts";
import { SETTLEMENT_CREDIT_REASONS } from "~/domain/cycles/cycle-report.ts";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { t } from "~/i18n/notices.ts";
import { queueAdminNotice } from "../messages/index.ts";
import { paidOrder } from "../shared/order-rules.server.ts";

export async function queueSettledNotice(
  tx: Tx,
  cycle: { id: number; cutoffAt: Date },
  totals: { credited: Partial<Record<string, { cents: number }>>; membersCredited: number },
  now: Date,
  publicUrl: string | undefined,
): Promise<void> {
  const [sums] = await tx
    .select({
      orders: sql<number>`count(*)::int`,
      paid: sql<number>`coalesce(sum(${orders.itemsCents} - ${orders.discountCents} + ${orders.deliveryFeeCents}
        + ${orders.cardFeeCents}), 0)::bigint`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.cycleId, cycle.id), paidOrder));
  const credited = SETTLEMENT_CREDIT_REASONS.map((reason) => ({
    reason,
    cents: totals.credited[reason]?.cents ?? 0,
  }));
  const creditedCents = credited.reduce((sum, row) => sum + row.cents, 0);
  const paidCents = sums?.paid ?? 0;
  const cutoff = formatHkAdminTime(cycle.cutoffAt);
  await queueAdminNotice(tx, {
    kind: "cycle_settled",
    key: `cycle:${cycle.id}:settled`,
    subject: t("notice.admin.settled.subject", { shop: t("shop.name"), cutoff }),
    body: t("notice.admin.settled.body", {
      cutoff,
      orders: sums?.orders ?? 0,
      paid: formatCents(paidCents),
      credited: formatCents(creditedCents),
      members: totals.membersCredited,
      reasons: credited
        .map((row) =>
          t("notice.admin.settled.reason", {
            reason: t(`notice.admin.reason.${row.reason}`),
            amount: formatCents(row.cents),
          }),
        )
        .join("\n"),
      net: formatCents(paidCents - creditedCents),
      url: `${publicUrl ?? ""}/admin/deadline/${cycle.id}/report`,
    }),
    now,
  });
}
