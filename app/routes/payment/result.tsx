import { CheckCircle2, XCircle } from "lucide-react";
import { Link } from "react-router";
import { requirePaymentOrder } from "~/auth/payment-order.server.ts";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import type { Route } from "./+types/result.ts";

export const handle: PageHandle = { messages: ["shop", "payment"], titleBar: "payment.title" };

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const { t } = i18nOf(matches);
  return [
    {
      title: `${location.pathname.endsWith("success") ? t("payment.success.title") : t("payment.fail.title")} | ${t("shop.name")}`,
    },
    { name: "robots", content: "noindex" },
  ];
};

/** /payment/success and /payment/fail: what happened, from the order's own status. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { summary } = await requirePaymentOrder(request, context);
  return {
    number: summary.number,
    status: summary.status,
    keptCents: summary.keptCents,
    keptReason: summary.keptReason,
    success: new URL(request.url).pathname.endsWith("/success"),
  };
}

export default function PaymentResult({ loaderData }: Route.ComponentProps) {
  const { number, status, success, keptCents, keptReason } = loaderData;
  const { t, to, money } = useI18n();
  const paid = status !== "pending_payment" && status !== "expired" && status !== "cancelled";
  const button = "inline-block rounded-full px-6 py-2.5 font-semibold";
  return (
    <div className="mx-auto max-w-md space-y-4 rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-stone-200">
      {keptCents > 0 && keptReason ? (
        // Money that did not pay the order (issue 44 item 1): kept as dDollar, said here first.
        <>
          <CheckCircle2 className="mx-auto size-14 text-amber-600" aria-hidden="true" />
          <h2 className="text-xl font-bold">{t(`payment.${keptReason}.title`)}</h2>
          <p className="leading-7 text-stone-700" data-testid="payment-late">
            {t(`payment.${keptReason}.body`, { number, amount: money(keptCents) })}
          </p>
        </>
      ) : success ? (
        <>
          <CheckCircle2 className="mx-auto size-14 text-emerald-700" aria-hidden="true" />
          <h2 className="text-xl font-bold">{t("payment.success.title")}</h2>
          <p className="leading-7 text-stone-700">
            {paid ? t("payment.success.body", { number }) : t("payment.success.pending")}
          </p>
        </>
      ) : (
        <>
          <XCircle className="mx-auto size-14 text-rose-700" aria-hidden="true" />
          <h2 className="text-xl font-bold">{t("payment.fail.title")}</h2>
          <p className="leading-7 text-stone-700">{t("payment.fail.body", { number })}</p>
          {status === "pending_payment" ? (
            <Link to={to(`/payment?order=${number}`)} className={`${button} bg-brand-700 text-white`}>
              {t("payment.retry")}
            </Link>
          ) : null}
        </>
      )}
      <div>
        <Link to={to("/order")} className={`${button} border border-brand-700 text-brand-800`}>
          {t("payment.toOrders")}
        </Link>
      </div>
    </div>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
