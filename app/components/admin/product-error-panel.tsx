import { RecordErrorPanel } from "./record-error-panel.tsx";

/** A product id that names nothing (404), or a failure: the product pages' error, with the way back. */
export function ProductErrorPanel({ error }: { error: unknown }) {
  return (
    <RecordErrorPanel
      error={error}
      notFound="admin.product.notFound"
      notFoundBody="admin.product.notFoundBody"
      back={{ to: "/admin/product", label: "admin.product.back" }}
    />
  );
}
