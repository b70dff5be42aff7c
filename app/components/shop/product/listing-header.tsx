import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import type { MenuCategory } from "~/components/layout/menu-data.ts";
import { withContent } from "~/components/shop/shop-content.tsx";
import {
  type ListingMode,
  listingHref,
  listingModes,
  listingPaths,
  type ModeCounts,
  type OpenCycleView,
} from "~/domain/catalogue/catalogue.ts";
import { type I18n, useI18n } from "~/i18n/use-i18n.ts";
import { CutoffCountdown } from "./group-progress.tsx";

const modeLabel = ({ t }: I18n, mode: ListingMode) =>
  mode === "all" ? t("listing.modeAll") : t(`mode.${mode}`);

interface Chip {
  to: string;
  label: string;
  count: number;
  current: boolean;
  /** Shop content without words in the page's language (a subcategory's name). */
  lang?: string;
}

/**
 * A row of links as rounded chips with their counts, the current one marked. A label naming shop
 * content in another language (an element, `withContent`) names the row from hidden text.
 */
function ChipNav({ label, chips }: { label: string | ReactNode; chips: Chip[] }) {
  const labelId = useId();
  const named = typeof label === "string" ? { "aria-label": label } : { "aria-labelledby": labelId };
  return (
    <nav {...named} className="-mx-4 overflow-x-auto px-4">
      {typeof label === "string" ? null : (
        <span id={labelId} hidden>
          {label}
        </span>
      )}
      <ul className="flex gap-2">
        {chips.map((chip) => (
          <li key={chip.to}>
            {/* .chip and its current look (aria-current) are in app.css. */}
            <Link to={chip.to} aria-current={chip.current ? "page" : undefined} className="chip">
              {chip.lang ? <span lang={chip.lang}>{chip.label}</span> : chip.label}
              <small>{chip.count}</small>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** 全部 / 一般團 / 限量團 / 現貨 with their counts; the current one marked. */
export function ModeTabs({ current, counts }: { current: ListingMode; counts: ModeCounts }) {
  const i18n = useI18n();
  const { t, to } = i18n;
  const chips = listingModes.map((mode) => ({
    to: to(listingPaths[mode]),
    label: modeLabel(i18n, mode),
    count: counts[mode],
    current: mode === current,
  }));
  return <ChipNav label={t("listing.modes")} chips={chips} />;
}

/**
 * A category's subcategories on its own list (`path`: /product, or a mode's listing), with their
 * counts in the page's mode: the way to them without the side menu's script, which draws them only
 * once a category is opened.
 */
export function SubcategoryTabs({
  path,
  category,
  current,
}: {
  path: string;
  category: MenuCategory;
  current: string | undefined;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const cat = category.slug;
  const chips = [
    {
      to: listingHref(path, { cat }),
      label: t("listing.modeAll"),
      count: category.count,
      current: !current,
    },
    ...category.subCats.map((sub) => ({
      to: listingHref(path, { cat, subcat: sub.slug }),
      label: sub.name,
      count: sub.count,
      current: sub.slug === current,
      lang: sub.nameLang,
    })),
  ];
  const label = withContent(
    i18n,
    "listing.subcategories",
    { name: category.name },
    { name: category.nameLang },
  );
  return <ChipNav label={label} chips={chips} />;
}

/** The cycle's cut-off with a live countdown, above lists of group buys. */
export function CycleBanner({ cycle }: { cycle: OpenCycleView }) {
  const { t, cutoff } = useI18n();
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-xl bg-amber-50 px-4 py-3 ring-1 ring-amber-200"
      data-testid="cycle-banner"
    >
      <p className="text-sm text-stone-700">
        <span className="font-semibold text-brand-800">{t("listing.cycle")}</span>{" "}
        {cutoff(new Date(cycle.cutoffAt))}
      </p>
      <CutoffCountdown cutoffAt={cycle.cutoffAt} />
    </div>
  );
}
