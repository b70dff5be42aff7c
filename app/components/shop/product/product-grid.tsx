import { useId } from "react";
import type { ProductCardView } from "~/domain/catalogue/catalogue.ts";
import { AddToCartForm } from "./add-to-cart-button.tsx";
import { ProductCard } from "./product-card.tsx";

/**
 * Cards two across on phones, three on tablets, four beside the side menu on wide screens. The
 * first two pictures, a phone's first row, load at once with high priority (React preloads them in
 * the head); the rest load as they come near, in view at once on a wide screen (a preload each for
 * those two more cost 550 bytes of every listing and did not change its largest paint). Cards
 * after the first row are only laid out then (`.product-grid` in app.css). The cards' add-to-cart
 * buttons share one form of the grid's.
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
              imagePriority={aboveFold && index < 2 ? "high" : "lazy"}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
