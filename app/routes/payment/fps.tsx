import { Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { afterClaim, orderParam, pagePath, requirePaymentOrder } from "~/auth/payment-order.server.ts";
import { requireMember } from "~/auth/session.server.ts";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { Button } from "~/components/ui/button.tsx";
import { copyText } from "~/components/ui/copy-text.ts";
import { QrCode } from "~/components/ui/qr-code.tsx";
import { notify } from "~/components/ui/toaster.tsx";
import { fpsAmount } from "~/domain/payments/index.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/fps.ts";

export const handle: PageHandle = { messages: ["shop", "payment"], titleBar: "payment.fps.title" };

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nOf(matches);
  return [{ title: `${t("payment.fps.title")} | ${t("shop.name")}` }, { name: "robots", content: "noindex" }];
};

/** Issue 31: FPS (轉數快) for one order — a QR code a banking app scans, or the details to type. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { number, summary } = await requirePaymentOrder(request, context);
  const fps = await context.services.payments.fps(summary);
  // The shop has taken FPS off (no identifier in its settings): the choice page offers the rest.
  if (!fps) throw redirect(pagePath(request, `/payment?order=${encodeURIComponent(number)}`));
  return { ...summary, fps };
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMember(request, context);
  await readForm(request, {}); // The claim button posts no fields (issue 26 item 2: every form is checked).
  const number = orderParam(request);
  return afterClaim(request, await context.services.payments.claimFps(member.id, number), number);
}

export default function FpsPayment({ loaderData: order }: Route.ComponentProps) {
  const { t, money, dateTime, contentLang } = useI18n();
  const navigation = useNavigation();
  const amount = money(order.payableCents);
  const rows = [
    {
      label: t("payment.fps.accountName"),
      value: order.fps.accountName,
      copy: null,
      testId: "fps-account-name",
      // The shop's own name for its account, as the shop wrote it.
      lang: contentLang,
    },
    {
      label: t(`payment.fps.identifier.${order.fps.identifierKind}`),
      value: order.fps.identifier,
      copy: order.fps.identifier,
      testId: "fps-identifier",
    },
    {
      label: t("payment.fps.amount"),
      value: amount,
      // Banking apps take the amount as a plain number.
      copy: order.payableCents > 0 ? fpsAmount(order.payableCents) : null,
      testId: "fps-amount",
    },
    { label: t("payment.fps.reference"), value: order.number, copy: order.number, testId: "fps-reference" },
  ];
  return (
    <div className="mx-auto max-w-md space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <p className="text-sm leading-6 text-stone-700">
        {t("payment.fps.steps", { amount, number: order.number })}
      </p>
      <p className="text-center text-3xl font-bold text-rose-700 tabular-nums">{amount}</p>
      {order.fps.qrSvg ? (
        <QrCode
          svg={order.fps.qrSvg}
          label={t("payment.fps.qr", { amount })}
          testId="fps-qr"
          className="mx-auto size-56 [&>svg]:size-full"
        />
      ) : null}
      <section aria-labelledby="fps-manual" className="rounded-lg bg-stone-50 p-3">
        <h2 id="fps-manual" className="text-sm font-semibold text-stone-800">
          {t("payment.fps.manual")}
        </h2>
        <dl className="mt-2 divide-y divide-stone-200">
          {rows.map((row) => (
            // A <dl> holds only dt/dd groups: the copy button is a second <dd> beside the value.
            <div key={row.testId} className="grid grid-cols-[1fr_auto] items-center gap-x-2 py-2">
              <dt className="col-start-1 text-xs text-stone-600">{row.label}</dt>
              <dd
                className="col-start-1 min-w-0 font-semibold break-all text-stone-900 select-all"
                data-testid={row.testId}
                lang={"lang" in row ? row.lang : undefined}
              >
                {row.value}
              </dd>
              {row.copy ? (
                <dd className="col-start-2 row-span-2 row-start-1">
                  <CopyButton text={row.copy} label={row.label} />
                </dd>
              ) : null}
            </div>
          ))}
        </dl>
      </section>
      {order.awaitingConfirmation ? (
        <p className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900" data-testid="awaiting-confirmation">
          {t("order.awaitingConfirmation", {
            method: t(`payment.method.${order.claimMethod ?? "fps"}`),
            date: order.expiresAt ? dateTime(new Date(order.expiresAt)) : "",
          })}
        </p>
      ) : order.status === "pending_payment" ? (
        <Form method="post">
          <Button type="submit" disabled={navigation.state !== "idle"} className="w-full">
            {t("payment.fps.claim")}
          </Button>
        </Form>
      ) : (
        <p className="rounded-lg bg-stone-100 p-3 text-sm text-stone-700">{t("payment.notPayable")}</p>
      )}
    </div>
  );
}

/**
 * Copies one detail for a member paying by hand. Shown only once the page runs its script; without
 * it the text itself is selectable (`select-all`), so a tap selects the whole value.
 */
function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useI18n();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button
      type="button"
      onClick={async () => {
        if (await copyText(text)) notify.success("toast.copied", { label });
        else notify.error("toast.copyFailed");
      }}
      aria-label={t("payment.fps.copyLabel", { label })}
      className="inline-flex shrink-0 items-center gap-1 rounded-full border border-brand-300 px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-50"
    >
      <Copy className="size-4" aria-hidden="true" />
      {t("payment.fps.copy")}
    </button>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
