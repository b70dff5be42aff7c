import { ShoppingCart } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import { notify } from "~/components/ui/toaster.tsx";
import { t } from "~/i18n/products.ts";
import type { loader as rootLoader } from "~/root.tsx";

/**
 * The one add-to-cart control (DESIGN §7: named 加入購物車). Signed out it asks the visitor to log
 * in or register (SPEC §6) with the toast, and also right under the button with links back to this
 * product: inside the drawer the toast sits behind the modal. The cart itself arrives with the
 * Checkout issue, which replaces the signed-in branch with a fetcher to the cart action; until
 * then a member is told so plainly instead of being shown a cart that does not exist.
 */
export function AddToCartButton({ soldOut, className = "" }: { soldOut: boolean; className?: string }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const location = useLocation();
  const [notice, setNotice] = useState<"login" | "soon" | null>(null);
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
  const back = encodeURIComponent(location.pathname + location.search);
  return (
    <div className={className}>
      <button
        type="button"
        onClick={() => {
          if (root?.member) {
            setNotice("soon");
            return;
          }
          notify.info("toast.loginRequired");
          setNotice("login");
        }}
        className="flex w-full items-center justify-center gap-1.5 rounded-full bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <ShoppingCart className="size-4" aria-hidden="true" />
        {t("product.addToCart")}
      </button>
      <p role="status" className="mt-1 text-center text-xs leading-5 text-stone-700 empty:hidden">
        {notice === "soon" ? t("product.cartSoon") : null}
        {notice === "login" ? (
          <>
            <Link to={`/login?redirectTo=${back}`} className="font-semibold text-brand-700 underline">
              {t("nav.login")}
            </Link>
            {" / "}
            <Link to="/register" className="font-semibold text-brand-700 underline">
              {t("nav.register")}
            </Link>
            {t("product.toBuy")}
          </>
        ) : null}
      </p>
    </div>
  );
}
