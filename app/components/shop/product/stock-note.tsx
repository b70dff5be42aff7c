import { type ProductView, stockState } from "~/domain/catalogue/catalogue.ts";
import { useI18n } from "~/i18n/use-i18n.ts";

/** Units left: always for instock items, "limited to N" for group buys with a cap. */
export function StockNote({ product }: { product: Pick<ProductView, "mode" | "stock"> }) {
  const { t } = useI18n();
  const state = stockState(product.stock);
  if (state === "unlimited" || state === "soldOut" || product.stock === null) return null;
  const low = state === "low";
  return (
    <p className={low ? "stock-note stock-low" : "stock-note"}>
      {product.mode === "instock"
        ? t("product.stockLeft", { stock: product.stock })
        : t("product.stockLimited", { stock: product.stock })}
    </p>
  );
}
