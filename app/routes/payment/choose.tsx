import { CreditCard, Hourglass, QrCode, Smartphone } from "lucide-react";
import { Form, Link, redirect, useNavigation } from "react-router";
import {
  afterCardStart,
  orderParam,
  pagePath,
  pagesBase,
  requirePaymentOrder,
} from "~/auth/payment-order.server.ts";
import { requireMember } from "~/auth/session.server.ts";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/choose.ts";

export const handle: PageHandle = {
  messages: ["shop", "payment"],
  titleBar: "payment.title",
  chatInline: true,
};

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nOf(matches);
  return [
    { title: `${t("payment.title")} | ${t("shop.name")}` },
    { name: "description", content: t("payment.meta.description") },
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { summary } = await requirePaymentOrder(request, context);
  return {
    ...summary,
    fpsOffered: await context.services.payments.fpsOffered(),
    sandbox: context.services.payments.cardProviderName === "sandbox",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMember(request, context);
  const number = orderParam(request);
  const method = (await readForm(request, { names: ["method"] })).get("method");
  if (method === "payme")
    throw redirect(pagePath(request, `/payment/payme?order=${encodeURIComponent(number)}`));
  if (method === "fps") throw redirect(pagePath(request, `/payment/fps?order=${encodeURIComponent(number)}`));
  // The provider sends the member back to the result page in the language they paid in.
  const started = await context.services.payments.startCard(member.id, number, pagesBase(request));
  return afterCardStart(request, started, number);
}

export default function ChoosePayment({ loaderData: order }: Route.ComponentProps) {
  const { t, money, dateTime } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  if (order.status !== "pending_payment") {
    return <p className="rounded-xl bg-white p-6 text-center shadow-sm">{t("payment.notPayable")}</p>;
  }
  if (order.awaitingConfirmation) return <AwaitingConfirmation order={order} />;
  const method =
    "flex w-full items-start gap-3 rounded-xl border border-stone-200 bg-white p-4 text-left hover:border-brand-600 disabled:opacity-60";
  return (
    <div className="mx-auto max-w-lg space-y-4">
      <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
        <h2 className="font-bold">{t("payment.order", { number: order.number })}</h2>
        <p className="mt-1 flex items-baseline justify-between">
          <span>{t("payment.amount")}</span>
          <span className="text-2xl font-bold text-rose-700 tabular-nums" data-testid="payment-amount">
            {money(order.payableCents)}
          </span>
        </p>
        {order.expiresAt ? (
          <p className="mt-2 text-sm text-amber-900">
            {t("payment.expires", { date: dateTime(new Date(order.expiresAt)) })}
          </p>
        ) : null}
      </section>
      <Form method="post" className="space-y-3">
        <h2 className="font-bold">{t("payment.choose")}</h2>
        <button type="submit" name="method" value="payme" disabled={busy} className={method}>
          <Smartphone className="mt-0.5 size-6 shrink-0 text-rose-700" aria-hidden="true" />
          <span>
            <span className="block font-semibold">{t("payment.payme")}</span>
            <span className="block text-sm text-stone-600">{t("payment.paymeHint")}</span>
          </span>
        </button>
        {order.fpsOffered ? (
          <button type="submit" name="method" value="fps" disabled={busy} className={method}>
            <QrCode className="mt-0.5 size-6 shrink-0 text-sky-700" aria-hidden="true" />
            <span>
              <span className="block font-semibold">{t("payment.fps")}</span>
              <span className="block text-sm text-stone-600">{t("payment.fpsHint")}</span>
            </span>
          </button>
        ) : null}
        <button type="submit" name="method" value="card" disabled={busy} className={method}>
          <CreditCard className="mt-0.5 size-6 shrink-0 text-brand-700" aria-hidden="true" />
          <span>
            <span className="block font-semibold">{t("payment.card")}</span>
            <span className="block text-sm text-stone-600">
              {t("payment.cardHint", {
                percent: order.cardFeePercent,
                fee: money(order.cardFeeCents),
                total: money(order.payableCents + order.cardFeeCents),
              })}
            </span>
            {order.sandbox ? (
              <span className="block text-xs text-stone-500">{t("payment.cardSandbox")}</span>
            ) : null}
          </span>
        </button>
      </Form>
    </div>
  );
}

/**
 * Said to be paid by PayMe or FPS (decision 0025): the order waits for the shop's confirmation until its
 * deadline, so no way to pay is offered again.
 */
function AwaitingConfirmation({ order }: { order: Route.ComponentProps["loaderData"] }) {
  const { t, to, money, dateTime } = useI18n();
  return (
    <section
      className="mx-auto max-w-lg space-y-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
      data-testid="awaiting-confirmation"
    >
      <h2 className="font-bold">{t("payment.order", { number: order.number })}</h2>
      <p className="flex items-center gap-2 font-semibold text-sky-900">
        <Hourglass className="size-5 shrink-0" aria-hidden="true" />
        {t("payment.awaiting.title")}
      </p>
      <p className="flex items-baseline justify-between">
        <span>{t("payment.amount")}</span>
        <span className="text-2xl font-bold tabular-nums" data-testid="payment-amount">
          {money(order.payableCents)}
        </span>
      </p>
      <p className="text-sm text-stone-700">
        {t("order.awaitingConfirmation", {
          method: t(`payment.method.${order.claimMethod ?? "payme"}`),
          date: order.expiresAt ? dateTime(new Date(order.expiresAt)) : "",
        })}
      </p>
      <Link to={to("/order")} className="inline-block text-sm font-semibold text-brand-700 underline">
        {t("payment.toOrders")}
      </Link>
    </section>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
