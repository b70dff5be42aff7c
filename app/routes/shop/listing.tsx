import { data, Link } from "react-router";
import { useMenuCategory } from "~/components/layout/menu-data.ts";
import { CatalogueError } from "~/components/shop/product/catalogue-not-found.tsx";
import { Pagination, SearchForm, SortForm } from "~/components/shop/product/listing-controls.tsx";
import { CycleBanner, ModeTabs, SubcategoryTabs } from "~/components/shop/product/listing-header.tsx";
import { keepProductPageData } from "~/components/shop/product/page-data.ts";
import { ProductDrawerHost } from "~/components/shop/product/product-drawer.tsx";
import { ProductGrid } from "~/components/shop/product/product-grid.tsx";
import { catalogueMeta, drawerMeta, notFoundMeta } from "~/components/shop/product/seo.ts";
import {
  type ListingMode,
  listingHref,
  listingModeForPath,
  parseListingQuery,
} from "~/domain/catalogue/catalogue.ts";
import { t } from "~/i18n/listings.ts";
import type { Route } from "./+types/listing.ts";

/**
 * /all, /limited, /general, /instock (SPEC §2, one per mode) and /product, the same list over all
 * modes filtered by cat, subcat, collection and name. Any of them opens a product drawer with
 * `?product=<id>`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filtered = url.pathname.replace(/\/+$/, "") === "/product";
  const mode: ListingMode = filtered ? "all" : listingModeForPath(url.pathname);
  const query = parseListingQuery(mode, url.searchParams);
  const { catalogue } = context.services;
  const [outcome, counts, page] = await Promise.all([
    catalogue.listProducts(query),
    filtered ? null : catalogue.modeCounts(),
    catalogue.productPage(request.url),
  ]);
  if (!outcome.found || !page) throw data(null, { status: 404 });
  const path = filtered ? "/product" : url.pathname.replace(/\/+$/, "");
  return { path, filtered, query, listing: outcome.listing, counts, ...page };
}

export const shouldRevalidate = keepProductPageData;

function headingOf(loaderData: Route.ComponentProps["loaderData"]): { title: string; intro: string } {
  const { listing, query, filtered } = loaderData;
  if (!filtered) return { title: t(`listing.${query.mode}.title`), intro: t(`listing.${query.mode}.intro`) };
  const named = listing.subcategory ?? listing.category ?? listing.brand;
  if (named) {
    const title =
      listing.subcategory && listing.category ? `${listing.category.name}：${named.name}` : named.name;
    return { title, intro: named.description };
  }
  if (query.name) return { title: t("listing.search.title", { name: query.name }), intro: "" };
  return { title: t("listing.product.title"), intro: t("listing.all.intro") };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  if (error || !loaderData) return notFoundMeta();
  const { title, intro } = headingOf(loaderData);
  const { query, path, listing } = loaderData;
  return catalogueMeta({
    title: query.page > 1 ? `${title}（${t("listing.page", { page: query.page })}）` : title,
    description: intro || t("listing.metaDescription", { title }),
    // One address per list: sorting does not make a new page; searches are not for indexing.
    canonicalPath: listingHref(path, { ...query, sort: undefined }),
    noindex: Boolean(query.name) || listing.total === 0,
    ...drawerMeta(loaderData),
  });
};

export default function Listing({ loaderData }: Route.ComponentProps) {
  const { path, filtered, query, listing, cycle, counts, drawerProduct } = loaderData;
  const { title, intro } = headingOf(loaderData);
  const showCycle = cycle && query.mode !== "instock";
  const hasFilters = Boolean(query.cat || query.subcat || query.collection || query.name);
  const category = useMenuCategory(query.cat);

  return (
    <div className="space-y-4">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
        {intro ? <p className="text-sm leading-6 text-stone-600">{intro}</p> : null}
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
          <Link to="/all" className="text-brand-700 underline underline-offset-2">
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
