import { BadgeCheck, Ban } from "lucide-react";
import { data, Link, redirect, useActionData } from "react-router";
import { type FlashToast, flashHeader } from "~/auth/flash.server.ts";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { ConfirmIntentButton } from "~/components/admin/confirm-intent-button.tsx";
import { ClaimBadge, OrderStatusBadge } from "~/components/admin/order-status-badge.tsx";
import { OrderAmountsPanel } from "~/components/admin/orders/order-amounts-panel.tsx";
import { OrderLinesPanel } from "~/components/admin/orders/order-lines-panel.tsx";
import { RefundsPanel, RefundToField } from "~/components/admin/orders/refund-choice.tsx";
import { RecordErrorPanel } from "~/components/admin/record-error-panel.tsx";
import { BackLink } from "~/components/admin/record-page.tsx";
import { Facts, Panel } from "~/components/admin/record-panel.tsx";
import { cancelRefusal } from "~/domain/orders/admin-order.schema.ts";
import { type RefundChoice, refundChoiceSchema, refundMethodOf } from "~/domain/payments/refunds.ts";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { parseRecordId } from "~/domain/shared/record-fields.ts";
import { t } from "~/i18n/admin.ts";
import { notFound } from "~/web/record-route.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/order-detail.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.order.title");

function orderId(params: Route.LoaderArgs["params"]): number {
  return parseRecordId(params.id) ?? notFound();
}

/** /admin/order/:id : one order with its lines, amounts, payments, dDollar records and history. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const found = await context.services.orders.admin.get(orderId(params));
  if (!found) notFound();
  const { order } = found;
  const now = new Date();
  // The member's word (「我已付款」) by PayMe or FPS: the payment an admin confirms here.
  const claim = found.payments.find((payment) => payment.provider === "payme" || payment.provider === "fps");
  return {
    ...found,
    refunds: await context.services.refunds.forOrder(order.id),
    // Decision 0052: dDollar, or back the way the order was paid (its payments that paid it).
    refundChoices: refundChoicesOf(found.payments),
    canMarkMissing: ["confirmed", "ready_for_pickup", "collected"].includes(order.status),
    canMarkPaid:
      order.status === "pending_payment" && claim !== undefined && order.paymentMethod === claim.provider,
    // A PayMe or FPS claim that expired (or was cancelled) unconfirmed: a transfer that did arrive
    // is kept for the member as dDollar (decision 0025).
    canCreditLatePayme: order.status !== "pending_payment" && claim?.status === "pending",
    // Paid another way meanwhile (issue 44 item 1): a transfer that did arrive is kept the same way.
    claimAfterPaid: order.status !== "expired" && order.status !== "cancelled",
    claimMethod: claim?.provider === "fps" ? ("fps" as const) : ("payme" as const),
    paymeAmountCents: claim?.amountCents ?? null,
    cancelRefusal: cancelRefusal(order, { status: order.cycleStatus, cutoffAt: order.cutoffAt }, now),
  };
}

/** Mark a PayMe or FPS order paid, or cancel it (before the cut-off, refunded to dDollar). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const id = orderId(params);
  const form = await readForm(request, { names: ["intent", "refundTo", "lineId"] });
  const intent = form.get("intent");
  const choice = refundChoiceSchema.safeParse({ refundTo: form.get("refundTo") ?? undefined });
  if (!choice.success) throw data({ badRequest: true }, { status: 400 });
  const { refundTo } = choice.data;
  const service = context.services.orders.admin;
  const back = `/admin/order/${id}`;

  if (intent === "markPaid") {
    const done = await context.services.payments.confirmTransfer(admin.id, id);
    if (done.status === "not_found") notFound();
    if (done.status !== "notPayme" && done.status !== "notPayable") {
      const toast: FlashToast =
        done.status === "paid"
          ? { kind: "success", key: "toast.order.paid", params: { number: done.number } }
          : done.status === "alreadyPaid"
            ? { kind: "info", key: "admin.order.alreadyPaid" }
            : { kind: "info", key: `admin.order.${done.status}`, params: { number: done.number } };
      throw redirect(back, { headers: [await flashHeader(toast)] });
    }
    return data({ refusal: t(`admin.order.markPaid.${done.status}`) }, { status: 409 });
  }

  if (intent === "cancel") {
    const done = await service.cancel(admin.id, id, new Date(), refundTo);
    if (done.status === "not_found") notFound();
    if (done.status === "refundRefused")
      return data({ refusal: t(`admin.refund.refused.${done.refusal}`) }, { status: 409 });
    if (done.status === "cancelled" || done.status === "alreadyCancelled") {
      const toast: FlashToast =
        done.status === "cancelled"
          ? {
              kind: "success",
              key: "toast.order.cancelled",
              params: { number: done.number, amount: formatCents(done.releaseCents + done.refundCents) },
            }
          : { kind: "info", key: "admin.order.alreadyCancelled" };
      throw redirect(back, { headers: [await flashHeader(toast)] });
    }
    return data(
      {
        refusal:
          done.status === "afterCutoff"
            ? t("admin.order.cancel.afterCutoff")
            : t("admin.order.cancel.status", {
                status: t(`admin.orders.status.${done.orderStatus as OrderStatus}`),
              }),
      },
      { status: 409 },
    );
  }
  if (intent === "lineMissing") {
    const lineId = Number(form.get("lineId"));
    if (!Number.isSafeInteger(lineId) || lineId <= 0) throw data({ badRequest: true }, { status: 400 });
    const done = await context.services.pickup.missingLines.markLineMissing(admin.id, {
      orderId: id,
      lineId,
      refundTo,
      reason: t("admin.order.line.missing.reasonDefault"),
    });
    if (done.status === "not_found") notFound();
    if (done.status === "refunded" || done.status === "alreadyMissing") {
      const toast: FlashToast =
        done.status === "refunded"
          ? {
              kind: "success",
              key: "admin.refund.done",
              params: {
                number: done.number,
                amount: formatCents(done.refundCents),
                to: t(`admin.refund.to.${done.refundTo}`),
              },
            }
          : { kind: "info", key: "admin.order.line.missing.already" };
      throw redirect(back, { headers: [await flashHeader(toast)] });
    }
    return data(
      {
        refusal:
          done.status === "refundRefused"
            ? t(`admin.refund.refused.${done.refusal}`)
            : t(`admin.order.line.missing.${done.status}`),
      },
      { status: 409 },
    );
  }
  throw data({ badRequest: true }, { status: 400 });
}

/** The refund choices an order offers: dDollar, and each way money arrived and paid it. */
function refundChoicesOf(
  payments: readonly { provider: string; status: string; keptReason: string | null }[],
): RefundChoice[] {
  const paid = payments
    .filter((payment) => payment.status === "succeeded" && payment.keptReason === null)
    .map((payment) => refundMethodOf(payment.provider))
    .filter((method) => method !== null);
  return ["dollar", ...new Set(paid)];
}

type LoaderData = Route.ComponentProps["loaderData"];
type OrderStatus = LoaderData["order"]["status"];

/** An amount taken off the total: "-$9.00", and plain "$0.00" when nothing was. */

export default function OrderDetail({ loaderData }: Route.ComponentProps) {
  const { order, lines, events, credits } = loaderData;
  const refusal = useActionData<typeof action>()?.refusal;
  return (
    <div className="flex flex-col gap-5">
      <div>
        <BackLink to="/admin/order" label="admin.order.back" />
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-brand-800">
            {t("admin.order.heading", { number: order.number })}
          </h1>
          <OrderStatusBadge status={order.status} awaitingConfirmation={order.awaitingConfirmation} />
          {order.awaitingConfirmation ? <ClaimBadge method={order.paymentMethod} /> : null}
          {order.awaitingConfirmation && order.expiresAt ? (
            <span className="text-sm text-stone-700 tabular-nums" data-testid="claim-deadline">
              {t("admin.orders.awaiting.deadline", { at: formatHkAdminTime(new Date(order.expiresAt)) })}
            </span>
          ) : null}
        </div>
      </div>
      {refusal ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 text-accent-600 ring-1 ring-red-200">
          {refusal}
        </p>
      ) : null}
      <Actions loaderData={loaderData} />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-5">
          <OrderLinesPanel
            lines={lines}
            canMarkMissing={loaderData.canMarkMissing}
            refundChoices={loaderData.refundChoices}
          />
          <OrderAmountsPanel order={order} />
          <Panel title={t("admin.order.history")} testId="order-history">
            <ol className="flex flex-col gap-3">
              {events.map((event) => (
                <li key={event.id} className="border-l-2 border-brand-200 pl-3 text-sm">
                  <p className="font-semibold text-stone-900">
                    {event.fromStatus
                      ? t("admin.order.event.change", {
                          from: t(`admin.orders.status.${event.fromStatus as OrderStatus}`),
                          to: t(`admin.orders.status.${event.toStatus as OrderStatus}`),
                        })
                      : t(`admin.orders.status.${event.toStatus as OrderStatus}`)}
                  </p>
                  <p className="text-stone-600">
                    <span className="tabular-nums">{formatHkAdminTime(new Date(event.createdAt))}</span>
                    {" · "}
                    {event.actorName === null
                      ? t("admin.order.event.system")
                      : event.byMember
                        ? t("admin.order.event.member", { name: event.actorName })
                        : t("admin.order.event.admin", { name: event.actorName })}
                    {event.note ? ` · ${event.note}` : ""}
                  </p>
                </li>
              ))}
            </ol>
          </Panel>
        </div>
        <div className="flex flex-col gap-5">
          <Panel title={t("admin.order.details")}>
            <Facts
              rows={[
                [
                  t("admin.order.member"),
                  <Link
                    key="member"
                    to={`/admin/member/${order.memberId}`}
                    className="text-brand-700 underline"
                  >
                    {order.memberName} {order.phone}
                  </Link>,
                ],
                [t("admin.order.point"), `${order.pointName}（${order.pointAddress}）`],
                [t("admin.order.cutoff"), formatHkAdminTime(new Date(order.cutoffAt))],
                [
                  t("admin.order.pickupCode"),
                  <span key="code" className="font-mono font-bold tracking-widest" data-testid="pickup-code">
                    {order.pickupCode}
                  </span>,
                ],
                [t("admin.order.method"), t(`admin.orders.method.${order.paymentMethod ?? "none"}`)],
                [t("admin.order.created"), formatHkAdminTime(new Date(order.createdAt))],
                [
                  t("admin.order.paidAt"),
                  order.paidAt ? formatHkAdminTime(new Date(order.paidAt)) : t("admin.none"),
                ],
                [t("admin.order.remark"), order.remark || t("admin.none")],
              ]}
            />
          </Panel>
          <Panel title={t("admin.order.payments")}>
            {loaderData.payments.length === 0 ? (
              <p className="text-sm text-stone-600">{t("admin.order.noPayments")}</p>
            ) : (
              <ul className="flex flex-col gap-2 text-sm">
                {loaderData.payments.map((payment) => (
                  <li key={payment.id} className="flex flex-wrap justify-between gap-2">
                    <span>
                      {t(`admin.orders.method.${payment.provider}`)} ·{" "}
                      {t(`admin.order.payment.${payment.status}`)}
                      {payment.keptReason ? (
                        <span className="block text-amber-800" data-testid="payment-kept">
                          {t(`admin.order.payment.kept.${payment.keptReason}`, {
                            amount: formatCents(payment.receivedCents ?? 0),
                          })}
                        </span>
                      ) : null}
                    </span>
                    <span className="tabular-nums">
                      {formatCents(payment.amountCents)} · {formatHkAdminTime(new Date(payment.createdAt))}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <RefundsPanel refunds={loaderData.refunds} />
          <Panel title={t("admin.order.credits")} testId="order-credits">
            {credits.length === 0 ? (
              <p className="text-sm text-stone-600">{t("admin.order.noCredits")}</p>
            ) : (
              <ul className="flex flex-col gap-2 text-sm">
                {credits.map((credit) => (
                  <li key={credit.id} className="flex flex-wrap justify-between gap-2">
                    <span>{t(`admin.dollar.reason.${credit.reason}`)}</span>
                    <span className="tabular-nums">
                      {credit.amountCents > 0 ? "+" : ""}
                      {formatCents(credit.amountCents)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
      </div>
    </div>
  );
}

/** The steps open to this order now; each asks first, and the action checks again. */
function Actions({ loaderData }: { loaderData: LoaderData }) {
  const { order, canMarkPaid, canCreditLatePayme, claimAfterPaid, paymeAmountCents, claimMethod } =
    loaderData;
  const method = t(`admin.orders.method.${claimMethod}`);
  const canCancel = loaderData.cancelRefusal === null;
  const refund = order.status === "paid" ? order.payableCents + order.cardFeeCents : 0;
  if (!canMarkPaid && !canCreditLatePayme && !canCancel && loaderData.cancelRefusal !== "afterCutoff")
    return null;
  return (
    <section
      className="flex flex-wrap items-center gap-3 rounded-xl bg-white p-4 shadow-sm"
      aria-label={t("admin.order.actions")}
    >
      {canMarkPaid ? (
        <ConfirmIntentButton
          intent="markPaid"
          tone="primary"
          icon={BadgeCheck}
          label={t("admin.order.markPaid", { method })}
          pendingLabel={t("admin.saving")}
          confirmTitle={t("admin.order.markPaid.confirmTitle", { number: order.number, method })}
          confirmBody={t(`admin.order.markPaid.confirmBody.${claimMethod}`, {
            number: order.number,
            amount: formatCents(paymeAmountCents ?? order.payableCents),
            member: `${order.memberName} ${order.phone}`,
          })}
          confirmLabel={t("admin.order.markPaid.confirm")}
        />
      ) : null}
      {canCreditLatePayme ? (
        <ConfirmIntentButton
          intent="markPaid"
          icon={BadgeCheck}
          label={t("admin.order.latePayme", { method })}
          pendingLabel={t("admin.saving")}
          confirmTitle={t(
            claimAfterPaid ? "admin.order.latePayme.confirmTitle.paid" : "admin.order.latePayme.confirmTitle",
            { number: order.number, method },
          )}
          confirmBody={t(
            claimAfterPaid
              ? "admin.order.latePayme.confirmBody.paid"
              : `admin.order.latePayme.confirmBody.${claimMethod}`,
            {
              number: order.number,
              amount: formatCents(paymeAmountCents ?? order.payableCents),
              member: `${order.memberName} ${order.phone}`,
            },
          )}
          confirmLabel={t("admin.order.markPaid.confirm")}
        />
      ) : null}
      {canCancel ? (
        <ConfirmIntentButton
          intent="cancel"
          icon={Ban}
          label={t("admin.order.cancel")}
          pendingLabel={t("admin.order.cancel.pending")}
          confirmTitle={t("admin.order.cancel.confirmTitle", { number: order.number })}
          confirmBody={t("admin.order.cancel.confirmBody", {
            dDollar: formatCents(order.dDollarUsedCents),
            refund: formatCents(refund),
          })}
          confirmLabel={t("admin.order.cancel.confirm")}
        >
          {refund > 0 ? <RefundToField id="refund-cancel" choices={loaderData.refundChoices} /> : null}
        </ConfirmIntentButton>
      ) : loaderData.cancelRefusal === "afterCutoff" ? (
        <p className="text-sm text-stone-600">{t("admin.order.cancel.afterCutoff")}</p>
      ) : null}
    </section>
  );
}

/** A missing order shows inside the back office frame, with the way back to the list. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RecordErrorPanel
      error={error}
      notFound="admin.order.notFound"
      back={{ to: "/admin/order", label: "admin.order.back" }}
    />
  );
}
