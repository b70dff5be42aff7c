import type { ProductCardView } from "~/domain/catalogue/catalogue.ts";
import { ProductCard } from "./product-card.tsx";

/**
 * Cards two across on phones, three on tablets, four beside the side menu on wide screens. The first row's
 * pictures load at once (the first two with high priority); the rest load as they scroll near,
 * and are only laid out then.
 */
export function ProductGrid({
  products,
  cutoffAt,
  aboveFold = true,
}: {
  products: ProductCardView[];
  cutoffAt: string | null;
  /** False for rows further down a page (e.g. home sections): every picture loads lazily. */
  aboveFold?: boolean;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="product-grid">
      {products.map((product, index) => (
        <li key={product.id} className={aboveFold && index < 4 ? undefined : "card-later"}>
          <ProductCard
            product={product}
            cutoffAt={cutoffAt}
            imagePriority={!aboveFold ? "lazy" : index < 2 ? "high" : index < 4 ? "eager" : "lazy"}
          />
        </li>
      ))}
    </ul>
  );
}
