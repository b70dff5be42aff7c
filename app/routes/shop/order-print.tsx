import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { requireMember } from "~/auth/session.server.ts";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { OrderLines } from "~/components/shop/order/order-lines.tsx";
import { paidSummaryIn } from "~/components/shop/order/order-words.ts";
import { PrintButton } from "~/components/shop/order/print-button.tsx";
import { withContent } from "~/components/shop/shop-content.tsx";
import { QrCode } from "~/components/ui/qr-code.tsx";
import { typedTextLang } from "~/domain/shared/content-language.ts";
import { dayWithYear } from "~/i18n/i18n.ts";
import { localeOfPath } from "~/i18n/locale.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import type { Route } from "./+types/order-print.ts";

/** Paper first: no shop header, side menu or footer. */
export const handle: PageHandle = { messages: ["shop", "orders"], hideNav: true };

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nOf(matches);
  return [{ title: `${t("print.title")} | ${t("shop.name")}` }, { name: "robots", content: "noindex" }];
};

/** /order/print: the member's paid orders with lines, pickup point and dates, and pickup codes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember(request, context);
  const [orders, profile] = await Promise.all([
    context.services.orders.member.printable(member.id, localeOfPath(new URL(request.url).pathname) === "en"),
    context.services.members.getProfile(member.id),
  ]);
  return {
    orders,
    member: { name: `${profile?.lastName ?? ""}${profile?.firstName ?? ""}`, phone: profile?.phone ?? "" },
  };
}

export default function OrderPrint({ loaderData }: Route.ComponentProps) {
  const { orders, member } = loaderData;
  const i18n = useI18n();
  const { t, to, dateTime } = i18n;
  const day = (date: string) => dayWithYear(i18n, date);
  return (
    <main className="mx-auto max-w-3xl space-y-4 bg-white p-4 sm:p-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-lg font-black text-brand-800">{t("invoice.shop")}</p>
          <h1 className="text-xl font-bold">{t("print.title")}</h1>
          <p className="text-sm text-stone-700">
            {withContent(i18n, "print.member", member, {
              name: typedTextLang(member.name, i18n.contentLang),
            })}
          </p>
        </div>
        <div className="flex items-center gap-3 print:hidden">
          <Link to={to("/order")} className="inline-flex items-center gap-1 text-sm text-brand-700 underline">
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t("print.back")}
          </Link>
          <PrintButton label={t("print.button")} />
        </div>
      </div>
      {orders.length === 0 ? <p className="text-stone-700">{t("print.empty")}</p> : null}
      {orders.map((order) => (
        <section
          key={order.id}
          className="break-inside-avoid space-y-2 border-t border-stone-300 pt-3"
          aria-labelledby={`print-${order.id}`}
          data-testid="print-order"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={`print-${order.id}`} className="font-bold">
              {t("order.number", { number: order.number })}
            </h2>
            <span className="text-sm">{t(`order.status.${order.status}`)}</span>
          </div>
          <p className="text-sm text-stone-700">
            {t("order.placedAt", { date: dateTime(new Date(order.createdAt)) })}
          </p>
          <OrderLines lines={order.lines} paid />
          <p className="text-sm">
            {withContent(
              i18n,
              "order.pickupPoint",
              { name: order.pickupPointName, address: order.pickupPointAddress },
              { name: order.pickupPointNameLang, address: order.pickupPointAddressLang },
            )}
          </p>
          <p className="text-sm">
            {t("order.pickupDates", { from: day(order.pickupFrom), to: day(order.pickupTo) })}
          </p>
          <div className="flex items-center justify-between gap-3">
            <div className="flex items-center gap-3">
              {order.pickupQr ? (
                <QrCode svg={order.pickupQr} label={t("order.qr")} className="size-20 shrink-0" />
              ) : null}
              <p className="text-sm">
                {t("order.pickupCode")}{" "}
                <span className="font-mono text-lg font-bold tracking-widest">{order.pickupCode}</span>
              </p>
            </div>
            <p className="font-bold tabular-nums" data-testid="order-paid">
              {paidSummaryIn(i18n, order)}
            </p>
          </div>
        </section>
      ))}
    </main>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
