import { data, Form, redirect } from "react-router";
import { pagePath } from "~/auth/payment-order.server.ts";
import { requireMember } from "~/auth/session.server.ts";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import { moneyReceived } from "~/services/payments/index.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/sandbox.ts";

export const handle: PageHandle = { messages: ["shop", "payment"], titleBar: "payment.sandbox.title" };

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nOf(matches);
  return [
    { title: `${t("payment.sandbox.title")} | ${t("shop.name")}` },
    { name: "robots", content: "noindex" },
  ];
};

function refParam(request: Request): string {
  return new URL(request.url).searchParams.get("ref") ?? "";
}

/** DESIGN §4.6: the sandbox exists outside production only. */
function sandboxOnly(context: Route.LoaderArgs["context"]) {
  if (context.shopMode === "production" || context.services.payments.cardProviderName !== "sandbox") {
    throw data(null, { status: 404 });
  }
}

/** The signed-in member's own sandbox payment, as every payment page: 404 for anyone else's. */
async function memberPayment(request: Request, context: Route.LoaderArgs["context"]) {
  sandboxOnly(context);
  const member = await requireMember(request, context);
  const payment = await context.services.payments.sandboxPayment(member.id, refParam(request));
  if (!payment) throw data(null, { status: 404 });
  return payment;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return memberPayment(request, context);
}

/**
 * Plays the provider's callback: the same completion a verified Stripe webhook will drive. Like a
 * Checkout Session, a payment ended by a newer one (or a PayMe claim) can no longer be paid.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const payment = await memberPayment(request, context);
  const succeeded = (await readForm(request, { names: ["outcome"] })).get("outcome") === "success";
  const order = `?order=${encodeURIComponent(payment.number)}`;
  if (payment.status === "expired") throw redirect(pagePath(request, `/payment/fail${order}`));
  const outcome = await context.services.payments.complete(refParam(request), {
    succeeded,
    amountCents: payment.amountCents,
  });
  throw redirect(pagePath(request, `/payment/${moneyReceived(outcome) ? "success" : "fail"}${order}`));
}

export default function SandboxPayment({ loaderData: payment }: Route.ComponentProps) {
  const { t, money } = useI18n();
  return (
    <div className="mx-auto max-w-md space-y-4 rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-stone-200">
      <p className="text-lg font-semibold">
        {t("payment.sandbox.amount", { amount: money(payment.amountCents) })}
      </p>
      {payment.status === "succeeded" ? (
        <p>{t("payment.sandbox.done")}</p>
      ) : payment.status === "expired" ? (
        <p>{t("payment.sandbox.expired")}</p>
      ) : (
        <Form method="post" className="flex gap-3">
          <button
            type="submit"
            name="outcome"
            value="success"
            className="flex-1 rounded-full bg-emerald-700 px-4 py-3 font-semibold text-white hover:bg-emerald-800"
          >
            {t("payment.sandbox.succeed")}
          </button>
          <button
            type="submit"
            name="outcome"
            value="fail"
            className="flex-1 rounded-full bg-stone-700 px-4 py-3 font-semibold text-white hover:bg-stone-800"
          >
            {t("payment.sandbox.fail")}
          </button>
        </Form>
      )}
    </div>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
