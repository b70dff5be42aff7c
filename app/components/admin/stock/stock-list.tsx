import { useSearchParams } from "react-router";
import { Select } from "~/components/ui/select.tsx";
import { isLowStock } from "~/domain/catalogue/stock.ts";
import { t } from "~/i18n/admin.ts";

/** A product's stock: a number with a sold-out or low badge, or unlimited. */
export function StockCell({ stock }: { stock: number | null }) {
  if (stock === null) return <span className="text-stone-600">{t("admin.stock.unlimited")}</span>;
  return (
    <span className="inline-flex items-center gap-2">
      <span className="font-semibold tabular-nums">{stock}</span>
      {stock === 0 ? (
        <span className="rounded-full bg-accent-600 px-2 py-0.5 text-xs font-semibold text-white">
          {t("admin.stock.badge.soldOut")}
        </span>
      ) : isLowStock(stock) ? (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
          {t("admin.stock.badge.low")}
        </span>
      ) : null}
    </span>
  );
}

/** One of the list's filters beside the search box; remounts when its address parameter changes. */
export function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: [string, string][];
}) {
  const [searchParams] = useSearchParams();
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
      {label}
      <Select variant="filter" name={name} defaultValue={value} key={searchParams.get(name) ?? "all"}>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </Select>
    </label>
  );
}
