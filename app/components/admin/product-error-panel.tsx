import { ArrowLeft } from "lucide-react";
import { isRouteErrorResponse, Link } from "react-router";
import { t } from "~/i18n/admin.ts";

/** A product id that names nothing (404), or a failure, inside the back office frame with the way back. */
export function ProductErrorPanel({ error }: { error: unknown }) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="rounded-xl bg-white p-6 shadow-sm">
      <h1 className="text-xl font-bold text-brand-800">
        {missing ? t("admin.product.notFound") : t("error.server.title")}
      </h1>
      <p className="mt-2 text-stone-700">
        {missing ? t("admin.product.notFoundBody") : t("error.server.body")}
      </p>
      <Link to="/admin/product" className="mt-4 inline-flex items-center gap-1 text-brand-700 underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t("admin.product.back")}
      </Link>
    </div>
  );
}
