import { Link } from "react-router";
import {
  type ListingMode,
  listingModes,
  listingPaths,
  type ModeCounts,
  type OpenCycleView,
} from "~/domain/catalogue/catalogue.ts";
import { formatHkCutoff } from "~/domain/shared/hk-time.ts";
import { t } from "~/i18n/listings.ts";
import { CutoffCountdown } from "./group-progress.tsx";

const modeLabel = (mode: ListingMode) => (mode === "all" ? t("listing.modeAll") : t(`mode.${mode}`));

/** 全部 / 一般團 / 限量團 / 現貨 with their counts; the current one marked. */
export function ModeTabs({ current, counts }: { current: ListingMode; counts: ModeCounts }) {
  return (
    <nav aria-label={t("listing.modes")} className="-mx-4 overflow-x-auto px-4">
      <ul className="flex gap-2">
        {listingModes.map((mode) => (
          <li key={mode}>
            <Link
              to={listingPaths[mode]}
              aria-current={mode === current ? "page" : undefined}
              className={`block whitespace-nowrap rounded-full px-4 py-1.5 text-sm font-medium ${
                mode === current
                  ? "bg-brand-700 text-white"
                  : "bg-white text-stone-700 ring-1 ring-stone-300 hover:bg-brand-50"
              }`}
            >
              {modeLabel(mode)}
              <span className={`ml-1 text-xs ${mode === current ? "text-brand-100" : "text-stone-500"}`}>
                {counts[mode]}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The cycle's cut-off with a live countdown, above lists of group buys. */
export function CycleBanner({ cycle }: { cycle: OpenCycleView }) {
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-xl bg-amber-50 px-4 py-3 ring-1 ring-amber-200"
      data-testid="cycle-banner"
    >
      <p className="text-sm text-stone-700">
        <span className="font-semibold text-brand-800">{t("listing.cycle")}</span>{" "}
        {formatHkCutoff(new Date(cycle.cutoffAt))}
      </p>
      <CutoffCountdown cutoffAt={cycle.cutoffAt} />
    </div>
  );
}
