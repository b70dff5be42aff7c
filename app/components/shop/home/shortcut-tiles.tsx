import { BookOpen, CircleHelp, Gift, type LucideIcon, MapPin } from "lucide-react";
import { Link } from "react-router";
import { formatPercent } from "~/components/shop/content/format.ts";
import type { SentKey } from "~/i18n/keys.ts";
import { useI18n } from "~/i18n/use-i18n.ts";

const shortcuts: { to: string; label: SentKey; hint: SentKey; Icon: LucideIcon; tone: string }[] = [
  {
    to: "/guide",
    label: "nav.guide",
    hint: "home.shortcut.guide",
    Icon: BookOpen,
    tone: "bg-amber-100 text-amber-800",
  },
  {
    to: "/referral",
    label: "nav.referral",
    hint: "home.shortcut.referral",
    Icon: Gift,
    tone: "bg-rose-100 text-rose-700",
  },
  {
    to: "/location",
    label: "nav.location",
    hint: "home.shortcut.location",
    Icon: MapPin,
    tone: "bg-emerald-100 text-emerald-800",
  },
  { to: "/qa", label: "nav.qa", hint: "home.shortcut.qa", Icon: CircleHelp, tone: "bg-sky-100 text-sky-800" },
];

/** The four button tiles of SPEC §2: guide, referral, pickup points, FAQ; the referral rate is a setting. */
export function ShortcutTiles({ referralPercent }: { referralPercent: number }) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {shortcuts.map(({ to, label, hint, Icon, tone }) => (
        <li key={to}>
          <Link
            to={i18n.to(to)}
            className="flex h-full items-start gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-stone-200 transition hover:shadow-md hover:ring-brand-300 md:flex-col md:p-4"
          >
            <span className={`grid size-10 shrink-0 place-items-center rounded-full ${tone}`}>
              <Icon className="size-5" aria-hidden />
            </span>
            <span className="min-w-0">
              <span className="block font-semibold text-stone-900">{t(label)}</span>
              <span className="mt-0.5 block text-xs leading-5 text-stone-600">
                {t(hint, { percent: formatPercent(referralPercent) })}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
