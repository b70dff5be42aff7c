import { data, Link } from "react-router";
import { useMenuCategory } from "~/components/layout/menu-data.ts";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { CatalogueError } from "~/components/shop/product/catalogue-not-found.tsx";
import { Pagination, SearchForm, SortForm } from "~/components/shop/product/listing-controls.tsx";
import { CycleBanner, ModeTabs, SubcategoryTabs } from "~/components/shop/product/listing-header.tsx";
import { keepProductPageData } from "~/components/shop/product/page-data.ts";
import { ProductDrawerHost } from "~/components/shop/product/product-drawer.tsx";
import { ProductGrid } from "~/components/shop/product/product-grid.tsx";
import { catalogueMeta, drawerMeta, notFoundMeta } from "~/components/shop/product/seo.ts";
import { withContent } from "~/components/shop/shop-content.tsx";
import {
  type ListingMode,
  listingHref,
  listingModeForPath,
  parseListingQuery,
} from "~/domain/catalogue/catalogue.ts";
import { productInLanguage } from "~/domain/catalogue/product-language.ts";
import { type ContentLang, inLanguage } from "~/domain/shared/content-language.ts";
import { basePath, localeOfPath, localePath } from "~/i18n/locale.ts";
import { type I18n, i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import type { Route } from "./+types/listing.ts";

/**
 * /all, /limited, /general, /instock (SPEC §2, one per mode) and /product, the same list over all
 * modes filtered by cat, subcat, collection and name. Any of them opens a product drawer with
 * `?product=<id>`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The same lists in English under /en (decision 0054): the page's own address keeps its /en.
  const locale = localeOfPath(url.pathname);
  const english = locale === "en";
  const filtered = basePath(url.pathname).replace(/\/+$/, "") === "/product";
  const mode: ListingMode = filtered ? "all" : listingModeForPath(basePath(url.pathname));
  const query = parseListingQuery(mode, url.searchParams);
  const { catalogue } = context.services;
  const [outcome, counts, page] = await Promise.all([
    catalogue.listProducts(query),
    filtered ? null : catalogue.modeCounts(),
    catalogue.productPage(request.url),
  ]);
  if (!outcome.found || !page) throw data(null, { status: 404 });
  const path = filtered ? localePath(locale, "/product") : url.pathname.replace(/\/+$/, "");
  const named = outcome.listing;
  // The names and descriptions of the category, subcategory or brand too (issue 48 item 2).
  const texts = ["name", "description"] as const;
  const listing = {
    ...named,
    products: named.products.map((product) => productInLanguage(product, english)),
    category: named.category && inLanguage(named.category, texts, english),
    subcategory: named.subcategory && inLanguage(named.subcategory, texts, english),
    brand: named.brand && inLanguage(named.brand, texts, english),
  };
  const drawerProduct = page.drawerProduct && productInLanguage(page.drawerProduct, english);
  return { path, filtered, query, listing, counts, ...page, drawerProduct };
}

export const shouldRevalidate = keepProductPageData;

interface Heading {
  title: string;
  intro: string;
  /** A category's, subcategory's or brand's own words, marked where they are not in the page's language. */
  titleLang?: ContentLang;
  introLang?: ContentLang;
  /** A subcategory's title names its category too: each name with its own language. */
  names?: { category: string; name: string };
  langs?: { category?: ContentLang; name?: ContentLang };
}

function headingOf({ t }: I18n, loaderData: Route.ComponentProps["loaderData"]): Heading {
  const { listing, query, filtered } = loaderData;
  if (!filtered) return { title: t(`listing.${query.mode}.title`), intro: t(`listing.${query.mode}.intro`) };
  const named = listing.subcategory ?? listing.category ?? listing.brand;
  if (named) {
    const intro = { intro: named.description, introLang: named.descriptionLang };
    const { category, subcategory } = listing;
    if (!category || !subcategory) return { title: named.name, titleLang: named.nameLang, ...intro };
    const names = { category: category.name, name: subcategory.name };
    const langs = { category: category.nameLang, name: subcategory.nameLang };
    return { title: t("listing.subcategoryTitle", names), names, langs, ...intro };
  }
  if (query.name) return { title: t("listing.search.title", { name: query.name }), intro: "" };
  return { title: t("listing.product.title"), intro: t("listing.all.intro") };
}

export const handle: PageHandle = { messages: ["listing"] };

export const meta: Route.MetaFunction = ({ loaderData, error, matches }) => {
  const i18n = i18nOf(matches);
  const { t } = i18n;
  if (error || !loaderData) return notFoundMeta(i18n);
  const { title, intro } = headingOf(i18n, loaderData);
  const { query, path, listing } = loaderData;
  return catalogueMeta({
    i18n,
    title:
      query.page > 1
        ? t("listing.titleOnPage", { title, page: t("listing.page", { page: query.page }) })
        : title,
    description: intro || t("listing.metaDescription", { title }),
    // One address per list: sorting does not make a new page; searches are not for indexing.
    canonicalPath: listingHref(path, { ...query, sort: undefined }),
    noindex: Boolean(query.name) || listing.total === 0,
    ...drawerMeta(loaderData),
  });
};

export default function Listing({ loaderData }: Route.ComponentProps) {
  const { path, filtered, query, listing, cycle, counts, drawerProduct } = loaderData;
  const i18n = useI18n();
  const { t, to } = i18n;
  const { title, titleLang, intro, introLang, names, langs } = headingOf(i18n, loaderData);
  const showCycle = cycle && query.mode !== "instock";
  const hasFilters = Boolean(query.cat || query.subcat || query.collection || query.name);
  const category = useMenuCategory(query.cat);

  return (
    <div className="space-y-4">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-brand-900" lang={titleLang}>
          {names && langs ? withContent(i18n, "listing.subcategoryTitle", names, langs) : title}
        </h1>
        {intro ? (
          <p className="text-sm leading-6 text-stone-600" lang={introLang}>
            {intro}
          </p>
        ) : null}
      </header>
      {counts ? <ModeTabs current={query.mode} counts={counts} /> : null}
      {category && category.subCats.length > 0 ? (
        <SubcategoryTabs path={path} category={category} current={query.subcat} />
      ) : null}
      {showCycle ? <CycleBanner cycle={cycle} /> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchForm query={query} keepFilters={filtered} />
        <SortForm path={path} query={query} />
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-600">
        <p data-testid="listing-count">{t("listing.count", { count: listing.total })}</p>
        {filtered && hasFilters ? (
          <Link to={to("/all")} className="text-brand-700 underline underline-offset-2">
            {t("listing.clearFilters")}
          </Link>
        ) : null}
      </div>
      {listing.products.length > 0 ? (
        <ProductGrid products={listing.products} cutoffAt={cycle?.cutoffAt ?? null} />
      ) : (
        <p className="rounded-xl bg-white p-6 text-center text-stone-600 shadow-sm">
          {query.name ? t("listing.searchEmpty", { name: query.name }) : t("listing.empty")}
        </p>
      )}
      <Pagination path={path} query={query} pages={listing.pages} />
      <ProductDrawerHost products={listing.products} drawerProduct={drawerProduct} cycle={cycle} />
    </div>
  );
}

export function ErrorBoundary() {
  return <CatalogueError />;
}
