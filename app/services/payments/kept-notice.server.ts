/**
 * The admins' email when money that arrived did not pay its order and was kept as dDollar
 * (decision 0048; issue 46 item 5), queued with the credit in the payment's transaction, once per
 * payment.
 */
import type { Tx } from "~/db/client.server.ts";
import type { KeptPaymentReason, payments } from "~/db/schema/index.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { t } from "~/i18n/notices.ts";
import { queueAdminNotice } from "../messages/index.ts";

export async function queueKeptNotice(
  tx: Tx,
  input: {
    payment: typeof payments.$inferSelect;
    order: { number: string };
    reason: KeptPaymentReason;
    credit: number;
    now: Date;
    publicUrl: string | undefined;
  },
): Promise<void> {
  const { payment, order } = input;
  await queueAdminNotice(tx, {
    kind: "kept_payment",
    key: `payment:${payment.id}:kept`,
    subject: t("notice.admin.kept.subject", { shop: t("shop.name"), number: order.number }),
    body: t("notice.admin.kept.body", {
      number: order.number,
      reason: t(`notice.admin.kept.reason.${input.reason}`),
      amount: formatCents(input.credit),
      method: payment.provider,
      reference: payment.providerRef ?? "",
      url: `${input.publicUrl ?? ""}/admin/payment-review`,
    }),
    now: input.now,
  });
}
