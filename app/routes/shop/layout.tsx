import { useState } from "react";
import { Outlet, type ShouldRevalidateFunctionArgs, useMatches, useRouteLoaderData } from "react-router";
import { Footer } from "~/components/layout/footer.tsx";
import { BrownBar, MainHeader, SecondaryBar } from "~/components/layout/header.tsx";
import { LanguageAlternates } from "~/components/layout/language-alternates.tsx";
import { backgroundClass, type PageHandle } from "~/components/layout/page-handle.ts";
import { SideMenuContent, SideMenuDrawer } from "~/components/layout/side-menu.tsx";
import { TopBanner } from "~/components/layout/top-banner.tsx";
import { WhatsAppButton } from "~/components/layout/whatsapp-button.tsx";
import { CartCountProvider } from "~/components/shop/cart/cart-count.tsx";
import { listingModeForPath } from "~/domain/catalogue/catalogue-modes.ts";
import { inLanguage } from "~/domain/shared/content-language.ts";
import { basePath, localeOfPath } from "~/i18n/locale.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import type { loader as rootLoader } from "~/root.tsx";
import type { Route } from "./+types/layout.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  // A mode's listing counts that mode's products; every other page counts them all.
  const { pathname } = new URL(request.url);
  const mode = listingModeForPath(basePath(pathname));
  const [categories, brands, merchants] = await Promise.all([
    context.services.site.content.categoryTree(),
    context.services.site.content.listBrands(),
    context.services.site.content.listMerchants(),
  ]);
  // Their names in English on /en where the back office gave them, else marked zh-HK (issue 48 item 2).
  const english = localeOfPath(pathname) === "en";
  const named = <Item extends { name: string; nameEn: string }>(item: Item) =>
    inLanguage(item, ["name"], english);
  // What the menus show and link to, no more: this goes with every page's HTML. Categories and
  // brands are known by their slugs; a merchant's page address also has its id.
  return {
    categories: categories.map(({ name, nameEn, slug, counts, subCats }) => ({
      ...named({ name, nameEn }),
      slug,
      count: counts[mode],
      subCats: subCats.map((sub) => ({
        ...named({ name: sub.name, nameEn: sub.nameEn }),
        slug: sub.slug,
        count: sub.counts[mode],
      })),
    })),
    meatBrands: brands
      .filter((brand) => brand.isMeat)
      .map(({ name, nameEn, slug }) => ({ ...named({ name, nameEn }), slug })),
    merchants: merchants.map(({ id, name, nameEn, slug }) => ({ id, ...named({ name, nameEn }), slug })),
  };
}

/**
 * The menus' categories, brands and merchants change only in the back office, outside this layout:
 * kept from the page the visit began on, not fetched again with every navigation or cart change.
 * A full page load, or coming back from /admin, loads them anew. Only going to another mode's
 * listing asks again, for that mode's counts.
 */
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs): boolean {
  return listingModeForPath(basePath(currentUrl.pathname)) !== listingModeForPath(basePath(nextUrl.pathname));
}

function usePageHandle(): PageHandle {
  const matches = useMatches();
  const handle: PageHandle = {};
  for (const match of matches) Object.assign(handle, match.handle as PageHandle | undefined);
  return handle;
}

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const handle = usePageHandle();
  const { t } = useI18n();
  const [menuOpen, setMenuOpen] = useState(false);
  if (!root) return <Outlet />;
  const { shop } = root;
  const alternates = <LanguageAlternates origin={shop.origin} />;
  const social = { facebookUrl: shop.facebookUrl, instagramUrl: shop.instagramUrl };
  const menu = { ...loaderData, social };
  const background = handle.background ? backgroundClass[handle.background] : "";

  if (handle.hideNav) {
    return (
      <div className={`min-h-dvh ${background}`} data-layout="bare">
        {alternates}
        <Outlet />
        <WhatsAppButton phone={shop.supportWhatsapp} />
      </div>
    );
  }

  return (
    <CartCountProvider count={root.member?.cartCount ?? 0} of={root}>
      <div className={`flex min-h-dvh flex-col ${background}`} data-layout="shop">
        {alternates}
        <header>
          <TopBanner lines={shop.topBanners} />
          <SecondaryBar social={social} />
          <MainHeader shopName={shop.name} onOpenMenu={() => setMenuOpen(true)} />
          <BrownBar member={root.member} />
        </header>
        <SideMenuDrawer menu={menu} open={menuOpen} onOpenChange={setMenuOpen} />
        {handle.titleBar ? (
          <div className="bg-brand-600 text-white" data-testid="title-bar">
            <h1 className="mx-auto max-w-6xl px-4 py-4 text-xl font-bold">{t(handle.titleBar)}</h1>
          </div>
        ) : null}
        <div className="mx-auto flex w-full max-w-6xl flex-1 gap-6 px-4 py-6">
          <aside
            className="hidden w-60 shrink-0 self-start rounded-xl bg-white shadow-sm lg:sticky lg:top-4 lg:block"
            data-testid="side-menu"
          >
            <SideMenuContent menu={menu} />
          </aside>
          <main className="min-w-0 flex-1">
            <Outlet />
          </main>
        </div>
        {handle.chatInline ? <WhatsAppButton phone={shop.supportWhatsapp} inline /> : null}
        <Footer social={social} />
        {handle.chatInline ? null : <WhatsAppButton phone={shop.supportWhatsapp} />}
      </div>
    </CartCountProvider>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
