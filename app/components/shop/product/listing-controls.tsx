import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Select } from "~/components/ui/select.tsx";
import {
  type ListingQuery,
  type ListingSort,
  listingHref,
  listingSorts,
  pageLinks,
} from "~/domain/catalogue/catalogue.ts";
import { useI18n } from "~/i18n/use-i18n.ts";

/** The filters a listing keeps when sorting or paging, as hidden form fields. */
function FilterFields({ query, except = [] }: { query: Partial<ListingQuery>; except?: string[] }) {
  const fields = (["cat", "subcat", "collection", "name"] as const).filter(
    (name) => query[name] && !except.includes(name),
  );
  return (
    <>
      {fields.map((name) => (
        <input key={name} type="hidden" name={name} value={query[name]} />
      ))}
    </>
  );
}

/** Sort picker: a plain GET form (works without JavaScript), submitted as soon as it changes. */
export function SortForm({ path, query }: { path: string; query: ListingQuery }) {
  const { t } = useI18n();
  return (
    <Form method="get" action={path} className="flex items-center gap-2" preventScrollReset>
      <FilterFields query={query} />
      <label htmlFor="listing-sort" className="text-sm text-stone-600">
        {t("listing.sort")}
      </label>
      <Select
        variant="filter"
        id="listing-sort"
        name="sort"
        defaultValue={query.sort}
        key={query.sort}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        {listingSorts.map((sort: ListingSort) => (
          <option key={sort} value={sort}>
            {t(`listing.sort.${sort}`)}
          </option>
        ))}
      </Select>
      <noscript>
        <Button type="submit" size="toolbar">
          {t("listing.sort.apply")}
        </Button>
      </noscript>
    </Form>
  );
}

/** Name search over Chinese and English names; on /product it searches within the current filters. */
export function SearchForm({ query, keepFilters }: { query: Partial<ListingQuery>; keepFilters: boolean }) {
  const { t, to } = useI18n();
  return (
    <Form method="get" action={to("/product")} role="search" className="flex w-full gap-2 sm:max-w-sm">
      {keepFilters ? <FilterFields query={query} except={["name"]} /> : null}
      <label htmlFor="listing-search" className="sr-only">
        {t("listing.search")}
      </label>
      <input
        id="listing-search"
        type="search"
        name="name"
        defaultValue={query.name ?? ""}
        key={query.name ?? ""}
        maxLength={50}
        placeholder={t("listing.search.placeholder")}
        className="min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-4 py-2 text-sm"
      />
      <Button size="sm" type="submit" className="flex items-center gap-1">
        <span className="icon icon-search" />
        {t("listing.search.submit")}
      </Button>
    </Form>
  );
}

const pageClass = "min-w-9 rounded-lg px-3 py-1.5 text-center text-sm";

/** Page links that keep the filters and the sort (SPEC §2: 30 per page). */
export function Pagination({ path, query, pages }: { path: string; query: ListingQuery; pages: number }) {
  const { t } = useI18n();
  if (pages <= 1) return null;
  const { page } = query;
  return (
    <nav aria-label={t("listing.pagination")} className="mt-6 flex flex-col items-center gap-2">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {page > 1 ? (
          <li>
            <Link
              to={listingHref(path, query, { page: page - 1 })}
              rel="prev"
              className={`${pageClass} bg-white ring-1 ring-stone-300 hover:bg-brand-50`}
            >
              {t("listing.previous")}
            </Link>
          </li>
        ) : null}
        {pageLinks(page, pages).map((n, index) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-stone-400">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={listingHref(path, query, { page: n })}
                aria-current={n === page ? "page" : undefined}
                aria-label={t("listing.page", { page: n })}
                className={`${pageClass} block ${
                  n === page
                    ? "bg-brand-700 font-bold text-white"
                    : "bg-white ring-1 ring-stone-300 hover:bg-brand-50"
                }`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pages ? (
          <li>
            <Link
              to={listingHref(path, query, { page: page + 1 })}
              rel="next"
              className={`${pageClass} bg-white ring-1 ring-stone-300 hover:bg-brand-50`}
            >
              {t("listing.next")}
            </Link>
          </li>
        ) : null}
      </ul>
      <p className="text-xs text-stone-500">{t("listing.pageOf", { page, pages })}</p>
    </nav>
  );
}
