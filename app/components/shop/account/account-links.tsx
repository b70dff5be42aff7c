import {
  ChevronRight,
  Coins,
  Gift,
  LayoutDashboard,
  type LucideIcon,
  Receipt,
  UserRound,
} from "lucide-react";
import { Link } from "react-router";

export interface AccountLink {
  to: string;
  label: string;
  hint: string;
  icon: LucideIcon;
  testId?: string;
}

export const accountIcons = {
  orders: Receipt,
  profile: UserRound,
  dollar: Coins,
  referral: Gift,
  admin: LayoutDashboard,
};

/** The overview's shortcuts: one tappable row per area on phones, a grid of cards on wider screens. */
export function AccountLinks({ links }: { links: AccountLink[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {links.map(({ to, label, hint, icon: Icon, testId }) => (
        <li key={to}>
          <Link
            to={to}
            data-testid={testId}
            className="flex h-full min-h-16 items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-brand-300 hover:ring-2"
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-bold text-brand-900">{label}</span>
              <span className="block text-sm text-stone-600">{hint}</span>
            </span>
            <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-brand-500" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
