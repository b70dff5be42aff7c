import { ShieldAlert } from "lucide-react";
import { Form, isRouteErrorResponse, Link, Outlet, useRouteLoaderData } from "react-router";
import { requirePickupStaff } from "~/auth/session.server.ts";
import { buttonClass } from "~/components/ui/button.tsx";
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
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const title = forbidden ? t("error.forbidden.title") : t("error.server.title");
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{`${title} | ${t("shop.name")}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <ShieldAlert className="size-12 text-brand-600" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-stone-700">{forbidden ? t("pickup.forbidden.body") : t("error.server.body")}</p>
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
