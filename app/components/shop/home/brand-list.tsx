import { Link } from "react-router";
import type { ContentLang } from "~/domain/shared/content-language.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { Logo } from "./merchant-list.tsx";

export interface BrandCard {
  id: number;
  /** Name and description in the page's language, or the Chinese marked (issue 48 item 2). */
  name: string;
  nameLang?: ContentLang;
  slug: string;
  logo: string | null;
  description: string;
  descriptionLang?: ContentLang;
  isMeat: boolean;
}

/** Brands link to their collection: /product?collection=<slug> (SPEC §2). Names and descriptions are shop content. */
export function BrandList({ brands }: { brands: BrandCard[] }) {
  const { t, to } = useI18n();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {brands.map((brand) => (
        <li key={brand.id}>
          <Link
            to={to(`/product?collection=${encodeURIComponent(brand.slug)}`)}
            className="flex h-full flex-col items-center gap-2 rounded-xl bg-white p-3 text-center shadow-sm ring-1 ring-stone-200 transition hover:shadow-md hover:ring-brand-300"
          >
            <Logo src={brand.logo} className="size-16" />
            <span className="text-sm font-semibold leading-5 text-stone-900" lang={brand.nameLang}>
              {brand.name}
            </span>
            {brand.isMeat ? (
              <span className="rounded-full bg-rose-50 px-2 py-0.5 text-xs text-rose-700">
                {t("home.brands.meat")}
              </span>
            ) : null}
            {brand.description ? (
              <span className="line-clamp-2 text-xs leading-5 text-stone-600" lang={brand.descriptionLang}>
                {brand.description}
              </span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
