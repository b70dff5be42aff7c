import { ExternalLink, LogOut, Menu, X } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { t } from "~/i18n/admin.ts";
import { type AdminMenuItem, adminMenu } from "./admin-menu.ts";

/**
 * The back office frame (SPEC §2 admin layout): a brown top bar, the side menu on the left on wide
 * screens, and on phones the same menu opening over the page from a button in the top bar.
 */
export function AdminShell({
  shopName,
  adminName,
  badges = {},
  children,
}: {
  shopName: string;
  adminName: string;
  /** Counts shown beside menu entries, by path (e.g. unread messages beside /admin/feedback). */
  badges?: Partial<Record<string, number>>;
  children: ReactNode;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // Choosing a page closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className="flex min-h-dvh flex-col bg-stone-100 print:bg-white" data-layout="admin">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("admin.skipToContent")}
      </a>
      <header className="sticky top-0 z-30 bg-brand-800 text-white shadow print:hidden">
        <div className="flex h-14 items-center gap-3 px-3 lg:px-6">
          <button
            type="button"
            className="-ml-1 rounded p-2 hover:bg-brand-700 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="admin-side-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <X className="size-5" aria-hidden="true" />
            ) : (
              <Menu className="size-5" aria-hidden="true" />
            )}
            <span className="sr-only">{menuOpen ? t("admin.menu.close") : t("admin.menu.open")}</span>
          </button>
          <Link to="/admin" className="truncate font-bold tracking-wide">
            {shopName}
            <span className="ml-2 font-normal text-brand-100">{t("admin.title")}</span>
          </Link>
          <div className="ml-auto flex items-center gap-1 text-sm">
            <span className="hidden text-brand-100 md:inline" data-testid="admin-name">
              {t("admin.signedInAs", { name: adminName })}
            </span>
            <Link to="/" className="flex items-center gap-1 rounded px-2 py-1.5 hover:bg-brand-700">
              <ExternalLink className="size-4" aria-hidden="true" />
              <span className="hidden sm:inline">{t("admin.backToShop")}</span>
              <span className="sr-only sm:hidden">{t("admin.backToShop")}</span>
            </Link>
            <Form method="post" action="/logout">
              <button
                type="submit"
                className="flex items-center gap-1 rounded px-2 py-1.5 hover:bg-brand-700"
              >
                <LogOut className="size-4" aria-hidden="true" />
                <span className="hidden sm:inline">{t("auth.logout")}</span>
                <span className="sr-only sm:hidden">{t("auth.logout")}</span>
              </button>
            </Form>
          </div>
        </div>
      </header>
      <div className="flex flex-1">
        <aside
          id="admin-side-menu"
          className={`${menuOpen ? "fixed inset-x-0 top-14 bottom-0 z-20 overflow-y-auto" : "hidden"} border-r border-stone-200 bg-white print:hidden lg:sticky lg:top-14 lg:block lg:h-[calc(100dvh-3.5rem)] lg:w-56 lg:shrink-0 lg:overflow-y-auto`}
        >
          <nav aria-label={t("admin.menu.label")} className="py-3">
            <ul>
              {adminMenu.map((item) => (
                <li key={item.to}>
                  <MenuEntry item={item} badge={badges[item.to] ?? 0} />
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <main id="admin-main" className="min-w-0 flex-1 px-3 py-5 sm:px-6 lg:px-8 lg:py-8 print:p-0">
          {children}
        </main>
      </div>
    </div>
  );
}

const entryClass = "flex items-center gap-3 px-5 py-2.5 text-[15px] lg:py-2";

function MenuEntry({ item, badge }: { item: AdminMenuItem; badge: number }) {
  const Icon = item.icon;
  if (!item.ready) {
    // Later issues build these pages; the menu shows the whole back office from the start.
    return (
      <span
        className={`${entryClass} cursor-not-allowed border-l-4 border-transparent text-stone-500`}
        aria-disabled="true"
      >
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        <span>{t(item.label)}</span>
        <span className="ml-auto rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-600">
          {t("admin.menu.comingSoon")}
        </span>
      </span>
    );
  }
  return (
    <NavLink
      to={item.to}
      end={item.to === "/admin"}
      className={({ isActive }) =>
        `${entryClass} border-l-4 ${
          isActive
            ? "border-brand-600 bg-brand-50 font-semibold text-brand-800"
            : "border-transparent text-stone-800 hover:bg-stone-50"
        }`
      }
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span>{t(item.label)}</span>
      {badge > 0 ? (
        <span
          className="ml-auto min-w-6 rounded-full bg-accent-600 px-1.5 py-0.5 text-center text-xs font-semibold text-white tabular-nums"
          data-testid="menu-badge"
        >
          <span aria-hidden="true">{badge}</span>
          <span className="sr-only">{t("admin.menu.unread", { count: badge })}</span>
        </span>
      ) : null}
    </NavLink>
  );
}
