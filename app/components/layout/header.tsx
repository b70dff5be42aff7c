import { MapPin, Menu, ShoppingCart, UserRound } from "lucide-react";
import { Link } from "react-router";
import { t } from "~/i18n/index.ts";
import { infoLinks } from "./nav-links.ts";
import { SocialLinks, type SocialUrls } from "./social-links.tsx";

export function SecondaryBar({ social }: { social: SocialUrls }) {
  return (
    <div className="hidden border-b border-stone-200 bg-white md:block">
      <div className="mx-auto flex max-w-6xl items-center justify-end gap-5 px-4 py-1.5 text-sm text-stone-600">
        {infoLinks.map((link) => (
          <Link key={link.to} to={link.to} className="hover:text-brand-700">
            {t(link.label)}
          </Link>
        ))}
        <SocialLinks urls={social} className="text-brand-700" />
      </div>
    </div>
  );
}

export function MainHeader({ shopName, onOpenMenu }: { shopName: string; onOpenMenu: () => void }) {
  return (
    <div className="bg-white">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
        <button
          type="button"
          onClick={onOpenMenu}
          className="rounded-lg p-2 text-brand-800 hover:bg-brand-50 lg:hidden"
          aria-label={t("nav.openMenu")}
          data-testid="menu-button"
        >
          <Menu className="size-6" aria-hidden="true" />
        </button>
        <Link to="/" className="flex items-baseline gap-2" aria-label={`${shopName} ${t("nav.home")}`}>
          <span className="text-2xl font-black tracking-wide text-brand-700">{shopName}</span>
          <span className="hidden text-xs text-stone-500 sm:inline">{t("shop.tagline")}</span>
        </Link>
      </div>
    </div>
  );
}

/** The brown bar (SPEC §2): pickup points, cart with its badge, and the account link. */
export function BrownBar({ cartCount, accountHref }: { cartCount: number; accountHref: string }) {
  return (
    <div className="bg-brand-700 text-white">
      <div className="mx-auto flex max-w-6xl items-center justify-end gap-1 px-2 py-1 text-sm sm:gap-4 sm:px-4">
        <Link to="/location" className="flex items-center gap-1 rounded px-2 py-1.5 hover:bg-brand-600">
          <MapPin className="size-4" aria-hidden="true" />
          <span>{t("nav.location")}</span>
        </Link>
        <Link
          to="/cart"
          className="relative flex items-center gap-1 rounded px-2 py-1.5 hover:bg-brand-600"
          aria-label={`${t("nav.cart")}，${t("nav.cartCount", { count: cartCount })}`}
        >
          <ShoppingCart className="size-4" aria-hidden="true" />
          <span>{t("nav.cart")}</span>
          <span
            data-testid="cart-badge"
            className="ml-0.5 min-w-5 rounded-full bg-accent-500 px-1.5 text-center text-xs leading-5 font-bold"
          >
            {cartCount}
          </span>
        </Link>
        <Link
          to={accountHref}
          className="flex items-center gap-1 rounded px-2 py-1.5 hover:bg-brand-600"
          data-testid="account-link"
        >
          <UserRound className="size-4" aria-hidden="true" />
          <span>{t("nav.login")}</span>
        </Link>
      </div>
    </div>
  );
}
