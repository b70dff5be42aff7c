import { Beef, Carrot, Package, Snowflake, UtensilsCrossed } from "lucide-react";
import { useI18n } from "~/i18n/use-i18n.ts";

const ranges = [
  { id: "meat", icon: Beef },
  { id: "frozen", icon: Snowflake },
  { id: "fresh", icon: Carrot },
  { id: "dry", icon: Package },
  { id: "ready", icon: UtensilsCrossed },
] as const;

/** What we sell (SPEC §1) as cards with h3 headings; used on /about and /prelaunch. */
export function FoodRanges() {
  const { t } = useI18n();
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {ranges.map(({ id, icon: Icon }) => (
        // Meat, the first range, spans two columns so five cards fill whole rows.
        <li key={id} className="flex gap-3 rounded-xl bg-brand-50 p-4 first:sm:col-span-2">
          <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700" />
          <div>
            <h3 className="font-semibold text-brand-900">{t(`foodRange.${id}.title`)}</h3>
            <p className="mt-1 text-sm leading-6 text-stone-700">{t(`foodRange.${id}.body`)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
