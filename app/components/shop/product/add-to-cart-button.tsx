import { useEffect, useId, useState } from "react";
import { Form, Link, useFetcher, useLocation, useRouteLoaderData } from "react-router";
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
  // The form is React Router's <Form> posting through this fetcher (navigate={false}): the same as
  // fetcher.Form, and it takes discover="none".
  const fetcherKey = useId();
  const fetcher = useFetcher<{ outcome: CartOutcome }>({ key: fetcherKey });
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
    <Form
      navigate={false}
      fetcherKey={fetcherKey}
      method="post"
      action={CART_ACTION}
      // The header's cart link finds the cart's route: no data-discover on every card's form.
      discover="none"
      className={className}
      onSubmit={(event) => {
        if (root?.member) return;
        event.preventDefault();
        notify.info("toast.loginRequired");
        setLoginNotice(true);
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <BackField />
      {/* The product goes with the button that was pressed: one field fewer on each of 30 cards. */}
      <button
        type="submit"
        name="productId"
        value={productId}
        disabled={busy}
        aria-busy={busy || undefined}
        className="btn-cart"
      >
        {/* The header's cart icon (header.tsx), drawn there once for every card of the page. */}
        <svg aria-hidden="true">
          <use href="#icon-cart" />
        </svg>
        {t("product.addToCart")}
      </button>
      {/* Only once there is something to say: the toast announces it as well. */}
      {loginNotice ? (
        <p role="status" className="cart-notice">
          <Link to={`/login?redirectTo=${back}`} className="font-semibold text-brand-700 underline">
            {t("nav.login")}
          </Link>
          {" / "}
          <Link to="/register" className="font-semibold text-brand-700 underline">
            {t("nav.register")}
          </Link>
          {t("product.toBuy")}
        </p>
      ) : null}
    </Form>
  );
}
