import { ShieldAlert } from "lucide-react";
import {
  Form,
  isRouteErrorResponse,
  Link,
  Outlet,
  type ShouldRevalidateFunctionArgs,
  useRouteLoaderData,
} from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { AdminShell } from "~/components/admin/admin-shell.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
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
  const unreadFeedback = await context.services.inbox.countUnread();
  return { adminName: `${admin.lastName}${admin.firstName}`, badges: { "/admin/feedback": unreadFeedback } };
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
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const title = forbidden ? t("error.forbidden.title") : t("error.server.title");
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{`${title} | ${t("shop.name")}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <ShieldAlert className="size-12 text-brand-600" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-stone-700">{forbidden ? t("error.forbidden.body") : t("error.server.body")}</p>
      <div className="flex flex-col items-center gap-3 sm:flex-row">
        <Link className={buttonClass({ size: "md" })} to="/">
          {t("error.notFound.home")}
        </Link>
        {forbidden ? (
          <Form method="post" action="/logout">
            <button
              type="submit"
              className="rounded-full border border-brand-700 px-5 py-2.5 font-semibold text-brand-700"
            >
              {t("auth.logout")}
            </button>
          </Form>
        ) : null}
      </div>
    </main>
  );
}
