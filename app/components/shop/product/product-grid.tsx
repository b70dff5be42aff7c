import { useId } from "react";
import type { ProductCardView } from "~/domain/catalogue/catalogue.ts";
import { AddToCartForm } from "./add-to-cart-button.tsx";
import { ProductCard } from "./product-card.tsx";

/**
 * Cards two across on phones, three on tablets, four beside the side menu on wide screens. The first row's
 * pictures load at once (the first two with high priority); the rest load as they scroll near,
 * and are only laid out then (`.product-grid` in app.css). The cards' add-to-cart buttons share
 * one form of the grid's.
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
  const addForm = useId();
  return (
    <>
      <AddToCartForm id={addForm} />
      <ul
        className={aboveFold ? "product-grid" : "product-grid product-grid-later"}
        data-testid="product-grid"
      >
        {products.map((product, index) => (
          <li key={product.id}>
            <ProductCard
              product={product}
              cutoffAt={cutoffAt}
              addForm={addForm}
              imagePriority={!aboveFold ? "lazy" : index < 2 ? "high" : index < 4 ? "eager" : "lazy"}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
