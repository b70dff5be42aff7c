import { Form, Link, useLocation } from "react-router";
import { useCartCount } from "~/components/shop/cart/cart-count.tsx";
import { typedTextLang } from "~/domain/shared/content-language.ts";
import { switchHref } from "~/i18n/locale.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { infoLinks } from "./nav-links.ts";
import { SocialLinks, type SocialUrls } from "./social-links.tsx";

export function SecondaryBar({ social }: { social: SocialUrls }) {
  const { t, to } = useI18n();
  return (
    <div className="hidden border-b border-stone-200 bg-white md:block">
      <div className="mx-auto flex max-w-6xl items-center justify-end gap-5 px-4 py-1.5 text-sm text-stone-600">
        {infoLinks.map((link) => (
          <Link key={link.to} to={to(link.to)} className="hover:text-brand-700">
            {t(link.label)}
          </Link>
        ))}
        <SocialLinks urls={social} className="text-brand-700" />
      </div>
    </div>
  );
}

/**
 * The same page and query in the other language (issue 48 item 1): a plain link, so it works before
 * any script, loading the page anew in its language; `?lang=` has the server keep the choice.
 */
function LanguageSwitch() {
  const { t, locale } = useI18n();
  const location = useLocation();
  return (
    <a
      href={switchHref(location.pathname, location.search)}
      hrefLang={locale === "en" ? "zh-HK" : "en"}
      lang={locale === "en" ? "zh-HK" : "en"}
      aria-label={t("language.switchLabel")}
      className="shrink-0 rounded-full border border-brand-200 px-2.5 py-1 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50"
      data-testid="language-switch"
    >
      {t("language.switch")}
    </a>
  );
}

export function MainHeader({ shopName, onOpenMenu }: { shopName: string; onOpenMenu: () => void }) {
  const { t, to, contentLang } = useI18n();
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
          <span className="icon icon-menu size-6" />
        </button>
        <Link to={to("/")} className="flex items-baseline gap-2" aria-label={`${shopName} ${t("nav.home")}`}>
          <span className="text-2xl font-black tracking-wide text-brand-700" lang={contentLang}>
            {shopName}
          </span>
          <span className="hidden text-xs text-stone-500 sm:inline">{t("shop.tagline")}</span>
        </Link>
        <HeaderSearch />
        <LanguageSwitch />
      </div>
    </div>
  );
}

/** Issue 27: a search on every storefront page; a plain GET form, so it works before any script. */
function HeaderSearch() {
  const { t, to } = useI18n();
  return (
    <Form method="get" action={to("/product")} role="search" className="ml-auto flex min-w-0 max-w-sm flex-1">
      <label htmlFor="header-search" className="sr-only">
        {t("nav.search")}
      </label>
      <input
        id="header-search"
        type="search"
        name="name"
        maxLength={50}
        placeholder={t("nav.search.placeholder")}
        className="min-w-0 flex-1 rounded-l-full border border-r-0 border-stone-300 bg-stone-50 px-3 py-1.5 text-sm"
      />
      <button
        type="submit"
        aria-label={t("nav.search.submit")}
        className="rounded-r-full bg-brand-700 px-3 text-white hover:bg-brand-800"
      >
        <span className="icon icon-search" />
      </button>
    </Form>
  );
}

export interface BarMember {
  firstName: string;
  dDollarCents: number;
  isAdmin: boolean;
  /** Pickup staff and admins (decision 0034): a link to the pickup-day console. */
  pickupConsole?: boolean;
}

/** The brown bar (SPEC §2): back office (admins), balance, account menu or login, pickup points, cart. */
export function BrownBar({ member }: { member: BarMember | null }) {
  const cartCount = useCartCount().count;
  const { t, to, money } = useI18n();
  return (
    <div className="bg-brand-700 text-white">
      <div className="mx-auto flex max-w-6xl items-center justify-end gap-1 px-2 py-1 text-sm sm:gap-3 sm:px-4">
        {member?.isAdmin ? (
          <Link to="/admin" className="bar-link" data-testid="admin-link">
            <span className="icon icon-dashboard" />
            {/* Shown from sm, read out below it. */}
            <span className="max-sm:sr-only">{t("account.backOffice")}</span>
          </Link>
        ) : null}
        {member?.pickupConsole ? (
          <Link to="/pickup" className="bar-link" data-testid="pickup-link">
            <span className="icon icon-pickup" />
            <span className="max-sm:sr-only">{t("account.pickupConsole")}</span>
          </Link>
        ) : null}
        {member ? (
          <Link to={to("/account/dollar")} className="bar-link" data-testid="balance">
            <span className="icon icon-coins" />
            <span className="sr-only">{t("account.balance")}</span>
            <span className="tabular-nums">{money(member.dDollarCents)}</span>
          </Link>
        ) : null}
        <Link to={to("/location")} className="bar-link">
          <span className="icon icon-map-pin" />
          <span className="max-sm:sr-only">{t("nav.location")}</span>
        </Link>
        <Link
          to={to("/cart")}
          className="bar-link relative"
          aria-label={t("nav.cartLabel", {
            cart: t("nav.cart"),
            count: t("nav.cartCount", { count: cartCount }),
          })}
        >
          <span className="icon icon-cart" />
          <span>{t("nav.cart")}</span>
          <span
            data-testid="cart-badge"
            className="ml-0.5 min-w-5 rounded-full bg-accent-500 px-1.5 text-center text-xs leading-5 font-bold"
          >
            {cartCount}
          </span>
        </Link>
        {member ? (
          <AccountMenu member={member} />
        ) : (
          <Link to={to("/login")} className="bar-link" data-testid="account-link">
            <span className="icon icon-user" />
            <span>{t("nav.login")}</span>
          </Link>
        )}
      </div>
    </div>
  );
}

const menuLinks = [
  { to: "/order", label: "account.orders" },
  { to: "/account/profile", label: "account.profile" },
  { to: "/account/dollar", label: "account.dollar" },
  { to: "/referral", label: "account.referral" },
] as const;

/** On phones the account icon goes straight to the orders page (SPEC §2); wider screens get the menu. */
function AccountMenu({ member }: { member: BarMember }) {
  const { t, to, contentLang } = useI18n();
  return (
    <>
      <Link to={to("/order")} className="bar-link sm:hidden" data-testid="account-link">
        <span className="icon icon-user" />
        <span className="sr-only">{t("account.orders")}</span>
      </Link>
      <details className="relative hidden sm:block" data-testid="account-menu">
        <summary className="bar-link cursor-pointer list-none">
          <span className="icon icon-user" />
          <span lang={typedTextLang(member.firstName, contentLang)}>{member.firstName}</span>
          <span className="icon icon-chevron-down" />
        </summary>
        {/* A link or logout closes the menu: the page stays mounted on client navigation. */}
        <nav
          onClickCapture={(event) => event.currentTarget.closest("details")?.removeAttribute("open")}
          aria-label={t("account.menu")}
          className="absolute right-0 z-40 mt-1 w-44 overflow-hidden rounded-lg bg-white py-1 text-stone-800 shadow-lg"
        >
          {menuLinks.map((link) => (
            <Link key={link.to} to={to(link.to)} className="menu-link">
              {t(link.label)}
            </Link>
          ))}
          <Form method="post" action={to("/logout")}>
            <button type="submit" className="menu-link w-full text-left">
              {t("auth.logout")}
            </button>
          </Form>
        </nav>
      </details>
    </>
  );
}
