import { data } from "react-router";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { BrandList } from "~/components/shop/home/brand-list.tsx";
import { CategoryTiles } from "~/components/shop/home/category-tiles.tsx";
import { HeroCarousel } from "~/components/shop/home/hero-carousel.tsx";
import { HomeSection } from "~/components/shop/home/home-section.tsx";
import { MerchantList } from "~/components/shop/home/merchant-list.tsx";
import { PromoPopup } from "~/components/shop/home/promo-popup.tsx";
import { ShortcutTiles } from "~/components/shop/home/shortcut-tiles.tsx";
import { CatalogueError } from "~/components/shop/product/catalogue-not-found.tsx";
import { HomeProducts } from "~/components/shop/product/home-products.tsx";
import { keepProductPageData } from "~/components/shop/product/page-data.ts";
import { ProductDrawerHost } from "~/components/shop/product/product-drawer.tsx";
import { catalogueMeta, drawerMeta, notFoundMeta } from "~/components/shop/product/seo.ts";
import { productInLanguage } from "~/domain/catalogue/product-language.ts";
import { inLanguage } from "~/domain/shared/content-language.ts";
import { localeOfPath } from "~/i18n/locale.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import type { Route } from "./+types/home.ts";

export const handle: PageHandle = { messages: ["home"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, catalogue } = context.services;
  const { content } = context.services.site;
  const [settings, slides, popups, categories, merchants, brands, sections, page] = await Promise.all([
    site.getSettings(),
    site.listBanners("carousel"),
    site.listBanners("popup"),
    content.categoryTree(),
    content.listMerchants(),
    content.listBrands(),
    catalogue.homeSections(6),
    catalogue.productPage(request.url),
  ]);
  // A shared product link (`/?product=<id>`) to a product that is gone: the 404 page.
  if (!page) throw data(null, { status: 404 });
  const popup = popups.find((banner) => banner.imageMobile);
  // The product rows, the drawer and the meta tags in the page's language (issue 48).
  const locale = localeOfPath(new URL(request.url).pathname);
  const english = locale === "en";
  const productsInLanguage = (cards: typeof sections.hot) =>
    cards.map((card) => productInLanguage(card, english));
  // Banners, categories, merchants and brands in English where the back office gave it (item 2).
  const bannerTexts = ["title", "subtitle"] as const;
  return {
    // Slides and popups are saved with their pictures (admin-banner.schema.ts); a row without is skipped.
    slides: slides.flatMap(({ id, title, titleEn, subtitle, subtitleEn, href, imageDesktop, imageMobile }) =>
      imageDesktop && imageMobile
        ? [
            inLanguage(
              { id, title, titleEn, subtitle, subtitleEn, href, imageDesktop, imageMobile },
              bannerTexts,
              english,
            ),
          ]
        : [],
    ),
    popup: popup?.imageMobile
      ? inLanguage(
          {
            title: popup.title,
            titleEn: popup.titleEn,
            subtitle: popup.subtitle,
            subtitleEn: popup.subtitleEn,
            href: popup.href,
            image: popup.imageMobile,
          },
          bannerTexts,
          english,
        )
      : null,
    referralPercent: settings.referralPercent,
    categories: categories.map(({ id, name, nameEn, slug, image }) =>
      inLanguage({ id, name, nameEn, slug, image }, ["name"], english),
    ),
    merchants: merchants.map(({ id, name, nameEn, slug, logo, address, addressEn, freeDelivery }) =>
      inLanguage(
        { id, name, nameEn, slug, logo, address, addressEn, freeDelivery },
        ["name", "address"],
        english,
      ),
    ),
    brands: brands.map(({ id, name, nameEn, slug, logo, description, descriptionEn, isMeat }) =>
      inLanguage(
        { id, name, nameEn, slug, logo, description, descriptionEn, isMeat },
        ["name", "description"],
        english,
      ),
    ),
    sections: {
      hot: productsInLanguage(sections.hot),
      closing: productsInLanguage(sections.closing),
      instock: productsInLanguage(sections.instock),
    },
    ...page,
    drawerProduct: page.drawerProduct && productInLanguage(page.drawerProduct, english),
  };
}

export const shouldRevalidate = keepProductPageData;

export const meta: Route.MetaFunction = ({ loaderData, error, matches }) => {
  const i18n = i18nOf(matches);
  const { t } = i18n;
  if (error || !loaderData) return notFoundMeta(i18n);
  const [title, ...rest] = catalogueMeta({
    i18n,
    title: t("page.home.title"),
    description: t("page.home.description"),
    canonicalPath: i18n.to("/"),
    ...drawerMeta(loaderData),
  });
  // The home page's title already carries the shop's name.
  return loaderData.drawerProduct ? [title!, ...rest] : [{ title: t("page.home.title") }, ...rest];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { slides, popup, categories, merchants, brands, sections, cycle, drawerProduct, referralPercent } =
    loaderData;
  const shown = [...sections.hot, ...sections.closing, ...sections.instock];
  const { t } = useI18n();
  return (
    <>
      <h1 className="sr-only">{t("home.heading")}</h1>
      <HeroCarousel slides={slides} />

      <HomeSection id="home-categories" title={t("home.categories.title")}>
        <CategoryTiles categories={categories} />
      </HomeSection>

      <HomeProducts sections={sections} cutoffAt={cycle?.cutoffAt ?? null} />

      <HomeSection id="home-shortcuts" title={t("home.shortcuts.title")}>
        <ShortcutTiles referralPercent={referralPercent} />
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

      {/* A shared product link opens its drawer; the promotion would cover it. */}
      {popup && !drawerProduct ? <PromoPopup banner={popup} /> : null}
      <ProductDrawerHost products={shown} drawerProduct={drawerProduct} cycle={cycle} />
    </>
  );
}

export function ErrorBoundary() {
  return <CatalogueError />;
}
