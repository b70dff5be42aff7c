import { RouteErrorView } from "~/components/layout/route-error.tsx";

/**
 * The error view of catalogue pages, inside the shop layout: a 404 for an unknown category,
 * brand, merchant or product, the ordinary error text otherwise.
 */
export function CatalogueError() {
  return (
    <RouteErrorView testId="catalogue-error" className="flex flex-col items-center gap-4 py-16 text-center" />
  );
}
