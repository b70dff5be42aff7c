import { data, Form, redirect } from "react-router";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { t } from "~/i18n/checkout.ts";
import { readForm } from "~/services/shared/request-body.server.ts";
import type { Route } from "./+types/sandbox.ts";

export const handle: PageHandle = { titleBar: t("payment.sandbox.title") };

export const meta: Route.MetaFunction = () => [
  { title: `${t("payment.sandbox.title")} | ${t("shop.name")}` },
  { name: "robots", content: "noindex" },
];

function refParam(request: Request): string {
  return new URL(request.url).searchParams.get("ref") ?? "";
}

/** DESIGN §4.6: the sandbox exists outside production only. */
function sandboxOnly(context: Route.LoaderArgs["context"]) {
  if (context.shopMode === "production" || context.services.payments.cardProviderName !== "sandbox") {
    throw data(null, { status: 404 });
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  sandboxOnly(context);
  const payment = await context.services.payments.sandboxPayment(refParam(request));
  if (!payment) throw data(null, { status: 404 });
  return payment;
}

/** Plays the provider's callback: the same completion a verified Stripe webhook will drive. */
export async function action({ request, context }: Route.ActionArgs) {
  sandboxOnly(context);
  const ref = refParam(request);
  const payment = await context.services.payments.sandboxPayment(ref);
  if (!payment) throw data(null, { status: 404 });
  const succeeded = (await readForm(request, { names: ["outcome"] })).get("outcome") === "success";
  const outcome = await context.services.payments.complete(ref, {
    succeeded,
    amountCents: payment.amountCents,
  });
  const page =
    outcome === "paid" || outcome === "alreadyPaid" || outcome === "lateCredited" ? "success" : "fail";
  throw redirect(`/payment/${page}?order=${encodeURIComponent(payment.number)}`);
}

export default function SandboxPayment({ loaderData: payment }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md space-y-4 rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-stone-200">
      <p className="text-lg font-semibold">
        {t("payment.sandbox.amount", { amount: formatCents(payment.amountCents) })}
      </p>
      {payment.status === "succeeded" ? (
        <p>{t("payment.sandbox.done")}</p>
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
