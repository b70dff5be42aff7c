import { Link } from "react-router";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { Logo } from "~/components/shop/home/merchant-list.tsx";
import { catalogueMeta } from "~/components/shop/product/seo.ts";
import { allInLanguage } from "~/domain/shared/content-language.ts";
import { localeOfPath } from "~/i18n/locale.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import type { Route } from "./+types/collection.ts";

/** /collection (SPEC §2): every brand, each linking to its products at /product?collection=<slug>. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { catalogue } = context.services;
  const brands = await catalogue.brandsWithCounts();
  // Names and descriptions in English on /en where given (issue 48 item 2).
  const english = localeOfPath(new URL(request.url).pathname) === "en";
  return {
    brands: allInLanguage(brands, ["name", "description"], english),
    origin: catalogue.publicOrigin(request.url),
  };
}

export const handle: PageHandle = { messages: ["listing"] };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const i18n = i18nOf(matches);
  return catalogueMeta({
    i18n,
    title: i18n.t("collection.title"),
    description: i18n.t("collection.intro"),
    origin: loaderData?.origin ?? "",
    canonicalPath: i18n.to("/collection"),
  });
};

type Brand = Route.ComponentProps["loaderData"]["brands"][number];

function BrandGroup({ id, title, brands }: { id: string; title: string; brands: Brand[] }) {
  const { t, to } = useI18n();
  if (brands.length === 0) return null;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-bold text-brand-800">
        {title}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {brands.map((brand) => (
          <li key={brand.id}>
            <Link
              to={to(`/product?collection=${encodeURIComponent(brand.slug)}`)}
              className="flex h-full items-center gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-stone-200 transition hover:shadow-md hover:ring-brand-300"
            >
              <Logo src={brand.logo} className="size-16" />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-stone-900" lang={brand.nameLang}>
                  {brand.name}
                </span>
                {brand.description ? (
                  <span
                    lang={brand.descriptionLang}
                    className="mt-0.5 line-clamp-2 block text-xs leading-5 text-stone-600"
                  >
                    {brand.description}
                  </span>
                ) : null}
                <span className="mt-1 block text-xs font-medium text-brand-700">
                  {t("collection.products", { count: brand.products })}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Collection({ loaderData }: Route.ComponentProps) {
  const { brands } = loaderData;
  const { t } = useI18n();
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-brand-900">{t("collection.title")}</h1>
        <p className="text-sm leading-6 text-stone-600">{t("collection.intro")}</p>
      </header>
      {brands.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-stone-600 shadow-sm">
          {t("collection.empty")}
        </p>
      ) : (
        <>
          <BrandGroup
            id="collection-meat"
            title={t("collection.meat")}
            brands={brands.filter((b) => b.isMeat)}
          />
          <BrandGroup
            id="collection-others"
            title={t("collection.others")}
            brands={brands.filter((b) => !b.isMeat)}
          />
        </>
      )}
    </div>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
