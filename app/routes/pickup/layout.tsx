import { Form, Link, Outlet, useRouteLoaderData } from "react-router";
import { requirePickupStaff } from "~/auth/session.server.ts";
import { AccessErrorPage } from "~/components/layout/access-error.tsx";
import { ErrorTextContext } from "~/components/ui/form-field.tsx";
import { errorText, t } from "~/i18n/pickup.ts";
import type { loader as rootLoader } from "~/root.tsx";
import type { Route } from "./+types/layout.ts";

/**
 * The pickup-day console's frame (issue 31 item 2): phone first, outside the shop and the back
 * office. Child loaders run alongside this one, so each calls requirePickupStaff too.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requirePickupStaff(request, context);
  return { staffName: `${staff.lastName}${staff.firstName}` };
}

export default function PickupLayout({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div className="min-h-dvh bg-stone-50">
      <header className="sticky top-0 z-10 bg-brand-800 text-white">
        <div className="mx-auto flex max-w-2xl items-center justify-between gap-3 px-4 py-3">
          <Link to="/pickup" className="text-lg font-bold">
            {root?.shop.name ?? t("shop.name")}・{t("pickup.title")}
          </Link>
          <div className="flex items-center gap-3 text-sm">
            <span className="max-w-28 truncate" data-testid="pickup-staff-name">
              {loaderData.staffName}
            </span>
            <Form method="post" action="/logout">
              <button type="submit" className="rounded-full border border-white/70 px-3 py-1 font-semibold">
                {t("pickup.logout")}
              </button>
            </Form>
          </div>
        </div>
      </header>
      <main className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-4">
        <ErrorTextContext value={errorText}>
          <Outlet />
        </ErrorTextContext>
      </main>
    </div>
  );
}

/** A member who is not pickup staff gets a 403 page in zh-HK (anonymous visitors go to /login). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AccessErrorPage error={error} forbiddenBody={t("pickup.forbidden.body")} />;
}
