import { ExternalLink } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { afterClaim, orderParam, requirePaymentOrder } from "~/auth/payment-order.server.ts";
import { requireMember } from "~/auth/session.server.ts";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { Button } from "~/components/ui/button.tsx";
import { QrCode } from "~/components/ui/qr-code.tsx";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/payme.ts";

export const handle: PageHandle = { messages: ["shop", "payment"], titleBar: "payment.payme.title" };

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nOf(matches);
  return [
    { title: `${t("payment.payme.title")} | ${t("shop.name")}` },
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { summary } = await requirePaymentOrder(request, context);
  return { ...summary, ...(await context.services.payments.payme()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMember(request, context);
  await readForm(request, {}); // The claim button posts no fields (issue 26 item 2: every form is checked).
  const number = orderParam(request);
  return afterClaim(request, await context.services.payments.claimPayme(member.id, number), number);
}

export default function PaymePayment({ loaderData: order }: Route.ComponentProps) {
  const { t, money, dateTime } = useI18n();
  const navigation = useNavigation();
  return (
    <div className="mx-auto max-w-md space-y-4 rounded-xl bg-white p-5 text-center shadow-sm ring-1 ring-stone-200">
      <p className="text-sm leading-6 text-stone-700">
        {t("payment.payme.steps", { amount: money(order.payableCents), number: order.number })}
      </p>
      <p className="text-3xl font-bold text-rose-700 tabular-nums">{money(order.payableCents)}</p>
      <QrCode
        svg={order.qrSvg}
        label={t("payment.payme.link")}
        className="mx-auto size-56 [&>svg]:size-full"
      />
      <a
        href={order.link}
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1.5 font-semibold text-brand-700 underline"
      >
        {t("payment.payme.link")}
        <ExternalLink className="size-4" aria-hidden="true" />
      </a>
      {order.awaitingConfirmation ? (
        <p className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900" data-testid="awaiting-confirmation">
          {t("order.awaitingConfirmation", {
            method: t(`payment.method.${order.claimMethod ?? "payme"}`),
            date: order.expiresAt ? dateTime(new Date(order.expiresAt)) : "",
          })}
        </p>
      ) : order.status === "pending_payment" ? (
        <Form method="post">
          <Button type="submit" disabled={navigation.state !== "idle"} className="w-full">
            {t("payment.payme.claim")}
          </Button>
        </Form>
      ) : (
        <p className="rounded-lg bg-stone-100 p-3 text-sm text-stone-700">{t("payment.notPayable")}</p>
      )}
    </div>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
