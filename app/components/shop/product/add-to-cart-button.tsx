import { useEffect, useState } from "react";
import { Link, useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { useCartCount } from "~/components/shop/cart/cart-count.tsx";
import { toastCartOutcome } from "~/components/shop/cart/cart-toast.ts";
import { BackField } from "~/components/ui/back-field.tsx";
import { notify } from "~/components/ui/toaster.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import type { loader as rootLoader } from "~/root.tsx";
import { CART_ACTION, type CartAnswer } from "./page-data.ts";

/**
 * The fields every add-to-cart post carries, for the buttons of a whole grid of cards: each card's
 * button names this form (`form={id}`) and adds only its product, instead of thirty forms each with
 * their own fields (issue 30 item 2). The browser posts it when a button is tapped before the
 * page's scripts arrive, or without them.
 */
export function AddToCartForm({ id }: { id: string }) {
  return (
    // Nothing of it shows; hidden, it takes no room between the page's parts either.
    <form id={id} method="post" action={CART_ACTION} hidden>
      <input type="hidden" name="intent" value="add" />
      <BackField />
    </form>
  );
}

/**
 * The one add-to-cart control (DESIGN §7: named 加入購物車), a submit button of a form posting to
 * the cart: the grid's `AddToCartForm` when `form` names it, otherwise a form of its own (the
 * drawer, the admin's preview). Once the script has loaded, a tap posts the same fields through
 * this button's own fetcher, so the member stays on the page; the cart answers with its new count,
 * which the header badge shows (`CartCountProvider`: no route data is asked for again when the add
 * was taken), and the result is a toast (SPEC §8). Signed out it asks the visitor to
 * log in or register (SPEC §6) with the toast, and also right under the button with links back to
 * this product: inside the drawer the toast sits behind the modal.
 */
export function AddToCartButton({
  productId,
  soldOut,
  form,
  className = "",
}: {
  productId: number;
  soldOut: boolean;
  /** The id of the grid's `AddToCartForm`; without it the button has a form of its own. */
  form?: string;
  /** Classes of the button's own form, or of the sold-out button. */
  className?: string;
}) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const location = useLocation();
  const { t, to } = useI18n();
  const fetcher = useFetcher<CartAnswer>();
  const { answered } = useCartCount();
  const [loginNotice, setLoginNotice] = useState(false);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    toastCartOutcome(fetcher.data.outcome);
    if (fetcher.data.cartCount !== undefined) answered(fetcher.data.cartCount);
  }, [fetcher.state, fetcher.data, answered]);
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
  const button = (
    // A real submit button (issue 30 item 6): tapped before the scripts arrive, or without them,
    // the browser posts its form and the cart sends it back to this page with the toast.
    <button
      type="submit"
      form={form}
      // The product goes with the button that was pressed.
      name="productId"
      value={productId}
      disabled={busy}
      aria-busy={busy || undefined}
      className="btn-cart"
      onClick={(event) => {
        event.preventDefault();
        if (root?.member) {
          // The button's form and the button itself, as the browser would have posted them.
          fetcher.submit(event.currentTarget);
          return;
        }
        notify.info("toast.loginRequired");
        setLoginNotice(true);
      }}
    >
      {/* The cart icon is the button's own ::before (app.css). */}
      {t("product.addToCart")}
    </button>
  );
  // Only once there is something to say: the toast announces it as well.
  const notice = loginNotice ? (
    <p role="status" className="cart-notice">
      <Link to={to(`/login?redirectTo=${back}`)} className="font-semibold text-brand-700 underline">
        {t("nav.login")}
      </Link>
      {" / "}
      <Link to={to("/register")} className="font-semibold text-brand-700 underline">
        {t("nav.register")}
      </Link>
      {t("product.toBuy")}
    </p>
  ) : null;
  if (form) {
    return (
      <>
        {button}
        {notice}
      </>
    );
  }
  return (
    <form method="post" action={CART_ACTION} className={className}>
      <input type="hidden" name="intent" value="add" />
      <BackField />
      {button}
      {notice}
    </form>
  );
}
