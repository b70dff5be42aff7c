import { ShoppingCart } from "lucide-react";
import { useState } from "react";
import { useRouteLoaderData } from "react-router";
import { notify } from "~/components/ui/toaster.tsx";
import { t } from "~/i18n/products.ts";
import type { loader as rootLoader } from "~/root.tsx";

/**
 * The one add-to-cart control (DESIGN §7: named 加入購物車). Signed out it asks the visitor to log
 * in or register (SPEC §6). The cart itself arrives with the Checkout issue, which replaces the
 * signed-in branch with a fetcher to the cart action; until then a member is told so plainly
 * instead of being shown a cart that does not exist.
 */
export function AddToCartButton({ soldOut, className = "" }: { soldOut: boolean; className?: string }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const [notice, setNotice] = useState(false);
  if (soldOut) {
    return (
      <button
        type="button"
        disabled
        className={`w-full cursor-not-allowed rounded-full bg-stone-200 px-3 py-2 text-sm font-semibold text-stone-500 ${className}`}
      >
        {t("product.soldOut")}
      </button>
    );
  }
  return (
    <div className={className}>
      <button
        type="button"
        onClick={() => {
          if (!root?.member) notify.info("toast.loginRequired");
          else setNotice(true);
        }}
        className="flex w-full items-center justify-center gap-1.5 rounded-full bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <ShoppingCart className="size-4" aria-hidden="true" />
        {t("product.addToCart")}
      </button>
      <p role="status" className="mt-1 text-center text-xs text-stone-600 empty:hidden">
        {notice ? t("product.cartSoon") : ""}
      </p>
    </div>
  );
}
