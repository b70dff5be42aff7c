import { ShoppingCart } from "lucide-react";
import { useEffect } from "react";
import { data, Link, useFetcher } from "react-router";
import type { FlashToast } from "~/auth/flash.server.ts";
import { backTarget, postedWithoutScript, redirectWithToast } from "~/auth/form-return.server.ts";
import { getMember, requireMember } from "~/auth/session.server.ts";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { CartLine } from "~/components/shop/cart/cart-line.tsx";
import { toastCartOutcome } from "~/components/shop/cart/cart-toast.ts";
import type { CartAnswer } from "~/components/shop/product/page-data.ts";
import { withProductNames } from "~/components/shop/shop-content.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { notify } from "~/components/ui/toaster.tsx";
import { cartActionSchema } from "~/domain/cart/cart.schema.ts";
import type { CartOutcome } from "~/domain/cart/cart.ts";
import { productInLanguage } from "~/domain/catalogue/product-language.ts";
import { allInLanguage } from "~/domain/shared/content-language.ts";
import { localeOfPath, localePath } from "~/i18n/locale.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import type { CartChange } from "~/services/cart/cart.server.ts";
import { BACK_FIELD } from "~/web/back-field.ts";
import { parseForm } from "~/web/form-parse.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/cart.ts";

export const handle: PageHandle = { messages: ["shop", "cart"], titleBar: "cart.title", chatInline: true };

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nOf(matches);
  return [
    { title: `${t("cart.title")} | ${t("shop.name")}` },
    { name: "description", content: t("cart.meta.description") },
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember(request, context);
  const english = localeOfPath(new URL(request.url).pathname) === "en";
  const view = await context.services.cart.view(member.id);
  const lines = view.lines.map((line) => ({ ...line, product: productInLanguage(line.product, english) }));
  return { ...view, lines, soldOutNames: allInLanguage(view.soldOutNames, ["name"], english) };
}

/** What each cart result says after a redirect (SPEC §8), the same toasts the page raises with a script. */
const OUTCOME_TOAST: Record<CartOutcome, FlashToast> = {
  added: { kind: "success", key: "toast.cart.added" },
  reset: { kind: "success", key: "toast.cart.added" },
  updated: { kind: "info", key: "toast.cart.updated" },
  removed: { kind: "info", key: "toast.cart.removed" },
  soldOut: { kind: "error", key: "toast.cart.soldOut" },
  limit: { kind: "error", key: "toast.cart.limit" },
};

/**
 * Every cart change, from this page and from any add-to-cart button. A fetcher is answered with the
 * outcome; a form posted without JavaScript goes back to the page it was on (issue 30 item 6).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request, { schemas: [cartActionSchema], names: [BACK_FIELD] });
  const noScript = postedWithoutScript(context);
  // A button on an English page (or the English cart) comes back to its English page.
  const locale = localeOfPath(new URL(request.url).pathname);
  const back = backTarget(formData, localePath(locale, "/cart"));
  // SPEC §6: a visitor is asked to log in or register first, and comes back to the product.
  if (noScript && !(await getMember(request, context))) {
    throw await redirectWithToast(localePath(locale, `/login?redirectTo=${encodeURIComponent(back)}`), {
      kind: "info",
      key: "toast.loginRequired",
    });
  }
  const member = await requireMember(request, context);
  const submission = parseForm(formData, cartActionSchema);
  if (submission.status !== "success") {
    if (noScript) throw await redirectWithToast(back, OUTCOME_TOAST.soldOut);
    return data({ outcome: "soldOut" as CartOutcome }, { status: 400 });
  }
  const { cart } = context.services;
  const action = submission.value;
  let change: CartChange;
  switch (action.intent) {
    case "selectAll":
      change = await cart.selectAll(member.id);
      break;
    case "add":
      change = await cart.add(member.id, action.productId);
      break;
    case "increase":
    case "decrease":
      change = await cart.change(member.id, action.productId, action.intent === "increase" ? 1 : -1);
      break;
    case "remove":
      change = await cart.remove(member.id, action.productId);
      break;
    case "select":
    case "unselect":
      change = await cart.setSelected(member.id, action.productId, action.intent === "select");
      break;
  }
  if (noScript) throw await redirectWithToast(back, OUTCOME_TOAST[change.outcome]);
  // An add answers with the cart's new count, which the badge shows without the root's data being
  // asked for again (`answeredWithCount`). This page's own changes reload its lines, and the root's
  // data with them in the same request.
  return action.intent === "add"
    ? ({ outcome: change.outcome, cartCount: change.count } satisfies CartAnswer)
    : ({ outcome: change.outcome } satisfies CartAnswer);
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  const { lines, itemsCents, selectedCount, soldOutNames } = loaderData;
  const i18n = useI18n();
  const { t, to, money } = i18n;
  const selectAll = useFetcher<{ outcome: CartOutcome }>();
  const soldOutKey = soldOutNames.map((product) => product.name).join("\n");
  const soldOutText = withProductNames(i18n, "cart.soldOutNames", soldOutNames);
  useEffect(() => {
    if (soldOutKey) notify.error("toast.cart.soldOut");
  }, [soldOutKey]);
  useEffect(() => {
    if (selectAll.state === "idle" && selectAll.data) toastCartOutcome(selectAll.data.outcome);
  }, [selectAll.state, selectAll.data]);

  if (lines.length === 0) {
    return (
      <div className="mx-auto max-w-md space-y-4 rounded-xl bg-white p-8 text-center shadow-sm">
        <ShoppingCart className="mx-auto size-12 text-brand-600" aria-hidden="true" />
        {soldOutKey ? <p className="text-sm text-rose-800">{soldOutText}</p> : null}
        <p className="text-stone-700">{t("cart.empty")}</p>
        <Link to={to("/all")} className={buttonClass({ size: "md", className: "inline-block" })}>
          {t("cart.browse")}
        </Link>
      </div>
    );
  }

  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_18rem] lg:items-start">
      <section aria-label={t("cart.title")} className="space-y-3">
        <div className="flex items-center justify-between">
          <selectAll.Form method="post">
            <input type="hidden" name="intent" value="selectAll" />
            <Button type="submit" disabled={selectAll.state !== "idle"} tone="secondary" size="sm">
              {t("cart.selectAll")}
            </Button>
          </selectAll.Form>
          <p className="text-sm text-stone-700">{t("cart.items", { count: selectedCount })}</p>
        </div>
        {soldOutKey ? (
          <p role="status" className="rounded-lg bg-rose-50 p-3 text-sm text-rose-800">
            {t("toast.cart.soldOut")} {soldOutText}
          </p>
        ) : null}
        <ul className="space-y-3">
          {lines.map((line) => (
            <CartLine key={line.product.id} line={line} />
          ))}
        </ul>
      </section>
      <aside
        className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 lg:sticky lg:top-4"
        aria-label={t("cart.itemsTotal")}
      >
        <p className="flex items-baseline justify-between">
          <span className="font-medium">{t("cart.itemsTotal")}</span>
          <span className="text-xl font-bold text-rose-700 tabular-nums" data-testid="cart-items-total">
            {money(itemsCents)}
          </span>
        </p>
        <p className="text-xs leading-5 text-stone-600">{t("cart.totalNote")}</p>
        {selectedCount > 0 ? (
          <Link
            to={to("/checkout")}
            className={buttonClass({ size: "md", className: "block w-full text-center" })}
          >
            {t("cart.checkout")}
          </Link>
        ) : (
          <p className="text-center text-sm text-stone-600">{t("cart.selectToCheckout")}</p>
        )}
      </aside>
    </div>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
