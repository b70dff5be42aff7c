import { BrandList } from "~/components/shop/home/brand-list.tsx";
import { CategoryTiles } from "~/components/shop/home/category-tiles.tsx";
import { HeroCarousel } from "~/components/shop/home/hero-carousel.tsx";
import { HomeSection } from "~/components/shop/home/home-section.tsx";
import { MerchantList } from "~/components/shop/home/merchant-list.tsx";
import { PromoPopup } from "~/components/shop/home/promo-popup.tsx";
import { ShortcutTiles } from "~/components/shop/home/shortcut-tiles.tsx";
import { t } from "~/i18n/pages.ts";
import type { Route } from "./+types/home.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { site, content } = context.services;
  const [slides, popups, categories, merchants, brands] = await Promise.all([
    site.listBanners("carousel"),
    site.listBanners("popup"),
    content.categoryTree(),
    content.listMerchants(),
    content.listBrands(),
  ]);
  const popup = popups[0];
  return {
    slides: slides.map(({ id, title, subtitle, href, imageDesktop, imageMobile }) => ({
      id,
      title,
      subtitle,
      href,
      imageDesktop,
      imageMobile,
    })),
    popup: popup
      ? { title: popup.title, subtitle: popup.subtitle, href: popup.href, image: popup.imageMobile }
      : null,
    categories: categories.map(({ id, name, slug, image }) => ({ id, name, slug, image })),
    merchants: merchants.map(({ id, name, slug, logo, address, freeDelivery }) => ({
      id,
      name,
      slug,
      logo,
      address,
      freeDelivery,
    })),
    brands: brands.map(({ id, name, slug, logo, description, isMeat }) => ({
      id,
      name,
      slug,
      logo,
      description,
      isMeat,
    })),
  };
}

export const meta: Route.MetaFunction = () => [
  { title: t("page.home.title") },
  { name: "description", content: t("page.home.description") },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { slides, popup, categories, merchants, brands } = loaderData;
  return (
    <>
      <h1 className="sr-only">{t("home.heading")}</h1>
      <HeroCarousel slides={slides} />

      <HomeSection id="home-categories" title={t("home.categories.title")}>
        <CategoryTiles categories={categories} />
      </HomeSection>

      <HomeSection id="home-shortcuts" title={t("home.shortcuts.title")}>
        <ShortcutTiles />
      </HomeSection>

      {merchants.length > 0 ? (
        <HomeSection id="home-merchants" title={t("home.merchants.title")} intro={t("home.merchants.intro")}>
          <MerchantList merchants={merchants} />
        </HomeSection>
      ) : null}

      {brands.length > 0 ? (
        <HomeSection id="home-brands" title={t("home.brands.title")}>
          <BrandList brands={brands} />
        </HomeSection>
      ) : null}

      {popup ? <PromoPopup banner={popup} /> : null}
    </>
  );
}
