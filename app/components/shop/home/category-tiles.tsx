import { Link } from "react-router";
import { Picture } from "~/components/shop/picture.tsx";
import type { ContentLang } from "~/domain/shared/content-language.ts";
import { useI18n } from "~/i18n/use-i18n.ts";

export interface CategoryTile {
  id: number;
  /** In the page's language, or the Chinese marked `nameLang` (issue 48 item 2). */
  name: string;
  nameLang?: ContentLang;
  slug: string;
  image: string | null;
}

/**
 * The eight category tiles of SPEC §2: four across on phones, one row of eight on wide screens.
 * Category names are shop content, in Chinese on an English page until they have English names.
 */
export function CategoryTiles({ categories }: { categories: CategoryTile[] }) {
  const { to } = useI18n();
  return (
    <ul className="grid grid-cols-4 gap-x-3 gap-y-4 sm:gap-x-5 lg:grid-cols-8 lg:gap-x-3">
      {categories.map((category) => (
        <li key={category.id}>
          <Link
            to={to(`/product?cat=${encodeURIComponent(category.slug)}`)}
            className="group flex flex-col items-center gap-1.5 text-center"
          >
            <Picture
              src={category.image}
              sizes="(min-width: 1024px) 6rem, 22vw"
              width={480}
              height={480}
              // Small and under the carousel: fetched after the carousel's picture, and not
              // preloaded by React ahead of the stylesheet.
              fetchPriority="low"
              className="aspect-square w-full rounded-2xl object-cover shadow-sm transition group-hover:-translate-y-0.5 group-hover:shadow-md"
              placeholder="aspect-square w-full rounded-2xl bg-brand-100"
            />
            <span
              className="text-sm font-medium text-stone-800 group-hover:text-brand-700"
              lang={category.nameLang}
            >
              {category.name}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
