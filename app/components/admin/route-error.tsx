import { ArrowLeft } from "lucide-react";
import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { t } from "~/i18n/admin.ts";
import { adminMenu } from "./admin-menu.ts";

/** The back office section a path belongs to: the menu entry with the longest matching address. */
function sectionOf(pathname: string) {
  let best = adminMenu[0];
  for (const item of adminMenu) {
    const inside = pathname === item.to || pathname.startsWith(`${item.to}/`);
    if (inside && (!best || item.to.length > best.to.length)) best = item;
  }
  return best;
}

/**
 * The error of a back office page, shown inside the back office frame (the layout still stands):
 * the page does not exist (404), is not for this account (403), or failed (500) — never a stack —
 * with the way back to its section's list (or the dashboard from the list itself). Route modules
 * re-export it: `export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx"`.
 */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const kind = status === 404 ? "notFound" : status === 403 ? "forbidden" : "server";
  const section = sectionOf(pathname);
  const back =
    section && section.to !== pathname.replace(/\/$/, "")
      ? section
      : { to: "/admin", label: "admin.menu.dashboard" as const };
  return (
    <div className="rounded-xl bg-white p-6 shadow-sm" data-testid="route-error" data-status={status}>
      <h1 className="text-xl font-bold text-brand-800">{t(`error.${kind}.title`)}</h1>
      <p className="mt-2 text-stone-700">
        {t(kind === "notFound" ? "admin.error.notFound.body" : `error.${kind}.body`)}
      </p>
      <Link to={back.to} className="mt-4 inline-flex items-center gap-1 text-brand-700 underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t(back.label)}
      </Link>
    </div>
  );
}
