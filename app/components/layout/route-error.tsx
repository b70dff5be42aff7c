import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";

/**
 * The error of a storefront page, shown inside the shop's frame (header, menu and footer still
 * stand): the page does not exist (404) or failed (500) — never a stack — with the way home. Route
 * modules re-export it:
 * `export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx"`.
 */
export function ShopErrorBoundary() {
  return <RouteErrorView />;
}

/** The words of a failed or missing storefront page, where it stands (the page's frame, a listing). */
export function RouteErrorView({
  testId = "route-error",
  className = "mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center",
}: {
  testId?: string;
  className?: string;
}) {
  const error = useRouteError();
  const { t, to } = useI18n();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  return (
    <section className={className} data-testid={testId} data-status={status}>
      {notFound ? (
        <p className="text-6xl font-black text-brand-500" aria-hidden="true">
          404
        </p>
      ) : null}
      <h1 className="text-2xl font-bold">{notFound ? t("error.notFound.title") : t("error.server.title")}</h1>
      <p className="text-stone-600">{notFound ? t("error.notFound.body") : t("error.server.body")}</p>
      <Link to={to("/")} className={buttonClass({ size: "md" })}>
        {t("error.notFound.home")}
      </Link>
    </section>
  );
}
