import { MapPin, Truck } from "lucide-react";
import { data, redirect } from "react-router";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { Picture } from "~/components/shop/picture.tsx";
import { CatalogueError } from "~/components/shop/product/catalogue-not-found.tsx";
import { Pagination, SortForm } from "~/components/shop/product/listing-controls.tsx";
import { keepProductPageData } from "~/components/shop/product/page-data.ts";
import { ProductDrawerHost } from "~/components/shop/product/product-drawer.tsx";
import { ProductGrid } from "~/components/shop/product/product-grid.tsx";
import { catalogueMeta, drawerMeta, notFoundMeta } from "~/components/shop/product/seo.ts";
import { withContent } from "~/components/shop/shop-content.tsx";
import { type ListingQuery, listingHref, parsePage, parseSort } from "~/domain/catalogue/catalogue.ts";
import { productInLanguage } from "~/domain/catalogue/product-language.ts";
import { inLanguage } from "~/domain/shared/content-language.ts";
import { localeOfPath, localePath } from "~/i18n/locale.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import type { Route } from "./+types/merchant.ts";

/** /merchant/{name}/{id} (SPEC §2): the id finds the merchant; the name part is only for people. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { catalogue } = context.services;
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  const found = id === null ? null : await catalogue.merchantById(id);
  if (!found) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname);
  const english = locale === "en";
  // Its name, description and address in English on /en where given (issue 48 item 2).
  const merchant = inLanguage(found, ["name", "description", "address"], english);
  const path = localePath(locale, `/merchant/${encodeURIComponent(merchant.slug)}/${merchant.id}`);
  // An old or mistyped name: send people and search engines to the one address.
  if (params.name !== merchant.slug) throw redirect(`${path}${url.search}`, 301);

  // A merchant's list takes only a sort and a page; other listing filters do not apply here.
  const query: ListingQuery = {
    mode: "all",
    sort: parseSort(url.searchParams.get("sort")),
    page: parsePage(url.searchParams.get("page")),
  };
  const [outcome, page] = await Promise.all([
    catalogue.listProducts({ ...query, merchantId: merchant.id }),
    catalogue.productPage(request.url),
  ]);
  if (!outcome.found || !page) throw data(null, { status: 404 });
  const listing = {
    ...outcome.listing,
    products: outcome.listing.products.map((product) => productInLanguage(product, english)),
  };
  const drawerProduct = page.drawerProduct && productInLanguage(page.drawerProduct, english);
  return { merchant, path, query, listing, ...page, drawerProduct };
}

export const shouldRevalidate = keepProductPageData;

export const handle: PageHandle = { messages: ["listing"] };

export const meta: Route.MetaFunction = ({ loaderData, error, matches }) => {
  const i18n = i18nOf(matches);
  const { t } = i18n;
  if (error || !loaderData) return notFoundMeta(i18n);
  const { merchant, path, query } = loaderData;
  return catalogueMeta({
    i18n,
    title: merchant.name,
    description: merchant.description
      ? t("merchant.metaDescription", { name: merchant.name, description: merchant.description })
      : merchant.name,
    canonicalPath: listingHref(path, { page: query.page }),
    ...drawerMeta(loaderData),
    imagePath: `/og/merchant/${merchant.id}.jpg`,
  });
};

export default function Merchant({ loaderData }: Route.ComponentProps) {
  const { merchant, path, query, listing, cycle, drawerProduct } = loaderData;
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:flex-row sm:items-center">
        <Picture
          src={merchant.logo}
          sizes="6rem"
          width={320}
          height={320}
          className="size-20 shrink-0 rounded-full object-cover sm:size-24"
        />
        <div className="min-w-0 space-y-2">
          <h1 className="text-2xl font-bold text-brand-900" lang={merchant.nameLang}>
            {merchant.name}
          </h1>
          {merchant.description ? (
            <p className="text-sm leading-6 text-stone-700" lang={merchant.descriptionLang}>
              {merchant.description}
            </p>
          ) : null}
          {merchant.address ? (
            <p className="flex items-start gap-1.5 text-sm text-stone-600">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                <span className="sr-only">
                  {t("merchant.address")}
                  {t("product.label")}
                </span>
                <span lang={merchant.addressLang}>{merchant.address}</span>
              </span>
            </p>
          ) : null}
          {merchant.freeDelivery ? (
            <p className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800">
              <Truck className="size-4" aria-hidden="true" />
              {t("merchant.freeDelivery")}
            </p>
          ) : null}
        </div>
      </header>

      <section aria-labelledby="merchant-products" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="merchant-products" className="text-lg font-bold text-brand-800">
            {withContent(i18n, "merchant.products", { name: merchant.name }, { name: merchant.nameLang })}
            <span className="ml-2 text-sm font-normal text-stone-500">
              {t("listing.count", { count: listing.total })}
            </span>
          </h2>
          {listing.total > 1 ? <SortForm path={path} query={query} /> : null}
        </div>
        {listing.products.length > 0 ? (
          <ProductGrid products={listing.products} cutoffAt={cycle?.cutoffAt ?? null} />
        ) : (
          <p className="rounded-xl bg-white p-6 text-center text-stone-600 shadow-sm">
            {t("merchant.empty")}
          </p>
        )}
        <Pagination path={path} query={query} pages={listing.pages} />
      </section>
      <ProductDrawerHost products={listing.products} drawerProduct={drawerProduct} cycle={cycle} />
    </div>
  );
}

export function ErrorBoundary() {
  return <CatalogueError />;
}
