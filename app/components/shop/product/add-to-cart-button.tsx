import { useEffect, useState } from "react";
import { Link, useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { toastCartOutcome } from "~/components/shop/cart/cart-toast.ts";
import { BackField } from "~/components/ui/back-field.tsx";
import { notify } from "~/components/ui/toaster.tsx";
import type { CartOutcome } from "~/domain/cart/cart.ts";
import { t } from "~/i18n/products.ts";
import type { loader as rootLoader } from "~/root.tsx";
import { CART_ACTION } from "./page-data.ts";

/**
 * The one add-to-cart control (DESIGN §7: named 加入購物車), a form posting to the cart. Signed in,
 * the script posts it with a fetcher, so the member stays on the page; the header badge follows when the root loader
 * revalidates, and the result is a toast (SPEC §8). Signed out it asks the visitor to log in or
 * register (SPEC §6) with the toast, and also right under the button with links back to this
 * product: inside the drawer the toast sits behind the modal.
 */
export function AddToCartButton({
  productId,
  soldOut,
  className = "",
}: {
  productId: number;
  soldOut: boolean;
  className?: string;
}) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const location = useLocation();
  const fetcher = useFetcher<{ outcome: CartOutcome }>();
  const [loginNotice, setLoginNotice] = useState(false);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) toastCartOutcome(fetcher.data.outcome);
  }, [fetcher.state, fetcher.data]);
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
  const busy = fetcher.state !== "idle";
  return (
    // A real form (issue 30 item 6): tapped before the scripts arrive, or without them, the browser
    // posts it itself and the cart sends it back to this page with the toast.
    <fetcher.Form
      method="post"
      action={CART_ACTION}
      className={className}
      onSubmit={(event) => {
        if (root?.member) return;
        event.preventDefault();
        notify.info("toast.loginRequired");
        setLoginNotice(true);
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <BackField />
      <button type="submit" disabled={busy} aria-busy={busy || undefined} className="btn-cart">
        {/* The header's cart icon (header.tsx), drawn there once for every card of the page. */}
        <svg className="size-4" aria-hidden="true">
          <use href="#icon-cart" />
        </svg>
        {t("product.addToCart")}
      </button>
      <p role="status" className="cart-notice">
        {loginNotice ? (
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
    </fetcher.Form>
  );
}
