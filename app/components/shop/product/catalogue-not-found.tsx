import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { t } from "~/i18n/products.ts";

/**
 * The error view of catalogue pages, inside the shop layout: a 404 for an unknown category,
 * brand, merchant or product, the ordinary error text otherwise.
 */
export function CatalogueError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center" data-testid="catalogue-error">
      {notFound ? (
        <p className="text-6xl font-black text-brand-500" aria-hidden="true">
          404
        </p>
      ) : null}
      <h1 className="text-2xl font-bold">{notFound ? t("error.notFound.title") : t("error.server.title")}</h1>
      <p className="text-stone-600">{notFound ? t("error.notFound.body") : t("error.server.body")}</p>
      <Link to="/" className="rounded-full bg-brand-700 px-5 py-2 text-white hover:bg-brand-800">
        {t("error.notFound.home")}
      </Link>
    </section>
  );
}
