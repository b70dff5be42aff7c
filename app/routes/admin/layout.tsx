import { Outlet, type ShouldRevalidateFunctionArgs, useRouteLoaderData } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { AdminShell } from "~/components/admin/admin-shell.tsx";
import { AccessErrorPage } from "~/components/layout/access-error.tsx";
import { ErrorTextContext } from "~/components/ui/form-field.tsx";
import { errorText, t } from "~/i18n/admin.ts";
import type { loader as rootLoader } from "~/root.tsx";
import type { Route } from "./+types/layout.ts";

/**
 * Every /admin page sits in this layout. Its check is not enough on its own: React Router runs the
 * child loaders at the same time, so each admin loader and action calls requireAdmin itself too.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const unreadFeedback = await context.services.messages.inbox.countUnread();
  return {
    adminName: `${admin.lastName}${admin.firstName}`,
    badges: { "/admin/feedback": unreadFeedback },
  };
}

/** Opening a message marks it read: the unread count beside 顧客訊息 follows the inbox pages. */
export function shouldRevalidate({ nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || nextUrl.pathname.startsWith("/admin/feedback");
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <AdminShell
      shopName={root?.shop.name ?? t("shop.name")}
      adminName={loaderData.adminName}
      badges={loaderData.badges}
    >
      <ErrorTextContext value={errorText}>
        <Outlet />
      </ErrorTextContext>
    </AdminShell>
  );
}

/** A signed-in member who is not an admin gets a 403 page in zh-HK (anonymous visitors go to /login). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AccessErrorPage error={error} forbiddenBody={t("error.forbidden.body")} />;
}
