import { Minus, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { ModeBadge } from "~/components/shop/product/mode-badge.tsx";
import { formatWeight } from "~/components/shop/product/price-block.tsx";
import { ProductImage } from "~/components/shop/product/product-image.tsx";
import { notify } from "~/components/ui/toaster.tsx";
import type { CartOutcome } from "~/domain/cart/cart.ts";
import { groupRefundPerUnit, isWeightPriced, type PricedProduct } from "~/domain/shared/pricing.ts";
import { type I18n, useI18n } from "~/i18n/use-i18n.ts";
import { toastCartOutcome } from "./cart-toast.ts";

export interface CartLineData {
  /** `name` in the page's language where the product has one; else the Chinese one, marked `nameLang`. */
  product: PricedProduct & { id: number; name: string; nameLang?: "zh-HK"; images: string[] };
  quantity: number;
  selected: boolean;
  maxQuantity: number | null;
  unitPriceCents: number;
  amountCents: number;
}

const stepButton =
  "grid size-9 place-items-center rounded-full border border-stone-300 bg-white text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

/** Why this price applies (DESIGN §4.4), in the member's words. */
function priceReason({ t, money, unit }: I18n, product: CartLineData["product"]): string {
  if (product.mode === "general") {
    return t("cart.why.general", { refund: money(groupRefundPerUnit(product)), unit: unit(product.unit) });
  }
  return product.mode === "limited" ? t("cart.why.limited") : t("cart.why.instock");
}

/** One cart row: select, picture, prices and why, quantity − / +, remove, subtotal. */
export function CartLine({ line }: { line: CartLineData }) {
  const i18n = useI18n();
  const { t, to, money, unit } = i18n;
  // Quantity and selection post apart: a new submission on a fetcher cancels the one in flight.
  const fetcher = useFetcher<{ outcome: CartOutcome }>();
  const selection = useFetcher<{ outcome: CartOutcome }>();
  const { product } = line;
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && fetcher.data.outcome !== "removed") {
      toastCartOutcome(fetcher.data.outcome);
    }
  }, [fetcher.state, fetcher.data]);
  const post = (intent: string) =>
    fetcher.submit({ intent, productId: String(product.id) }, { method: "post" });
  // Optimistic: show the change being posted until the cart comes back from the server.
  const pending = fetcher.formData?.get("intent");
  const [selected, setSelected] = useState(line.selected);
  useEffect(() => setSelected(line.selected), [line.selected]);
  const quantity = line.quantity + (pending === "increase" ? 1 : pending === "decrease" ? -1 : 0);
  // The line leaves the page with the answer, so its toast is raised here rather than by the effect.
  const remove = () => void post("remove").then(() => notify.info("toast.cart.removed"));
  const atMax = line.maxQuantity !== null && quantity >= line.maxQuantity;
  const weighed = isWeightPriced(product);
  // Real forms (issue 30 item 6): without JavaScript the browser posts them and the cart page comes
  // back; with it the buttons post through the fetchers as they always did.
  const formId = `cart-line-${product.id}`;
  const selectFormId = `cart-select-${product.id}`;

  return (
    <li
      className={`flex gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-stone-200 ${busy ? "opacity-70" : ""}`}
      data-testid="cart-line"
      aria-busy={busy}
    >
      <fetcher.Form
        method="post"
        id={formId}
        hidden
        onSubmit={(event) => {
          event.preventDefault();
          const intent = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
          if (intent === "remove") remove();
          else if (intent === "increase" || intent === "decrease") void post(intent);
        }}
      >
        <input type="hidden" name="productId" value={product.id} />
      </fetcher.Form>
      <selection.Form method="post" id={selectFormId} hidden>
        <input type="hidden" name="productId" value={product.id} />
      </selection.Form>
      <div className="mt-8 flex shrink-0 flex-col items-center gap-1">
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            setSelected(checked);
            void selection.submit(
              { intent: checked ? "select" : "unselect", productId: String(product.id) },
              { method: "post" },
            );
          }}
          aria-label={t("cart.select", { name: product.name })}
          className="size-5 accent-brand-700"
        />
        <noscript>
          <button
            type="submit"
            form={selectFormId}
            name="intent"
            value={line.selected ? "unselect" : "select"}
            className="text-xs font-semibold text-brand-700 underline"
          >
            {line.selected ? t("cart.unselect") : t("cart.selectOne")}
          </button>
        </noscript>
      </div>
      <Link to={to(`/all?product=${product.id}`)} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <ProductImage src={product.images[0]} alt="" sizes="5rem" className="size-20 rounded-lg" />
      </Link>
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex items-start justify-between gap-2">
          <h2 className="text-sm font-semibold leading-snug text-stone-900" lang={product.nameLang}>
            <Link to={to(`/all?product=${product.id}`)} className="hover:underline">
              {product.name}
            </Link>
          </h2>
          <button
            type="submit"
            form={formId}
            name="intent"
            value="remove"
            disabled={busy}
            aria-label={t("cart.removeNamed", { name: product.name })}
            className="shrink-0 rounded-full p-1.5 text-stone-500 hover:bg-stone-100 hover:text-rose-700"
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </div>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-600 tabular-nums">
          <ModeBadge mode={product.mode} />
          <span>
            {t("price.gather")} {money(product.gatherPriceCents)}
          </span>
          <span>
            {t("price.original")} {money(product.priceCents)}
          </span>
          <span>
            {t("price.market")} <s>{money(product.marketPriceCents)}</s>
          </span>
        </p>
        <p className="text-sm text-stone-900">
          <span className="font-medium">{t("cart.appliedPrice")}</span>{" "}
          <span className="font-bold text-rose-700 tabular-nums">
            {money(line.unitPriceCents)}
            {weighed ? t("product.perUnit", { unit: unit(product.unit) }) : null}
          </span>
        </p>
        <p className="text-xs leading-5 text-stone-600">
          {priceReason(i18n, product)}
          {weighed
            ? ` ${t("cart.weighed", { quantity: i18n.quantity(Number(formatWeight(product.defaultWeight * quantity)), product.unit) })}`
            : null}
        </p>
        <div className="flex items-center justify-between gap-2 pt-1">
          <fieldset className="m-0 flex items-center gap-2 border-0 p-0">
            <legend className="sr-only">{t("cart.quantity")}</legend>
            <button
              type="submit"
              form={formId}
              name="intent"
              value={quantity <= 1 ? "remove" : "decrease"}
              className={stepButton}
              disabled={busy}
              aria-label={t("cart.decrease", { name: product.name })}
            >
              <Minus className="size-4" aria-hidden="true" />
            </button>
            <output className="w-8 text-center font-semibold tabular-nums" data-testid="cart-quantity">
              {quantity}
            </output>
            <button
              type="submit"
              form={formId}
              name="intent"
              value="increase"
              className={stepButton}
              disabled={busy || atMax}
              aria-label={t("cart.increase", { name: product.name })}
            >
              <Plus className="size-4" aria-hidden="true" />
            </button>
          </fieldset>
          <p className="text-right text-sm">
            <span className="sr-only">{t("cart.lineTotal")} </span>
            <span className="font-bold tabular-nums" data-testid="cart-line-amount">
              {money(line.amountCents)}
            </span>
          </p>
        </div>
        {atMax && line.maxQuantity !== null ? (
          <p className="text-xs text-stone-600">{t("cart.limit", { max: line.maxQuantity })}</p>
        ) : null}
      </div>
    </li>
  );
}
