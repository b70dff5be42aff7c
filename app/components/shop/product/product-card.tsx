import { Link, useLocation } from "react-router";
import { type ProductCardView, stockState } from "~/domain/catalogue/catalogue.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { AddToCartButton } from "./add-to-cart-button.tsx";
import { searchWithProduct } from "./drawer-url.ts";
import { GroupStatus } from "./group-progress.tsx";
import { ModeBadge } from "./mode-badge.tsx";
import { PriceBlock } from "./price-block.tsx";
import { ProductImage } from "./product-image.tsx";
import { StockNote } from "./stock-note.tsx";

/** Opens the product in the drawer on the same page; the URL can be shared (`?product=<id>`). */
function DrawerLink({ id, children }: { id: number; children: React.ReactNode }) {
  const location = useLocation();
  return (
    <Link
      to={{ pathname: location.pathname, search: searchWithProduct(location.search, id) }}
      state={{ drawer: true }}
      // Always a new history entry, so the back button closes the drawer. React Router would
      // replace the entry when the link equals its current location, which it still does for a
      // moment after the drawer was closed with the back button: a quick tap then replaced the
      // page itself, and the next back left the shop.
      replace={false}
      preventScrollReset
      // The drawer is this page's own route: nothing to discover, and no data-discover per link.
      discover="none"
    >
      {children}
    </Link>
  );
}

export function ProductCard({
  product,
  cutoffAt,
  addForm,
  imagePriority = "lazy",
}: {
  product: ProductCardView;
  cutoffAt: string | null;
  /** The grid's `AddToCartForm`; a card shown alone (the admin's preview) has a form of its own. */
  addForm?: string;
  imagePriority?: "high" | "eager" | "lazy";
}) {
  const { t } = useI18n();
  const soldOut = stockState(product.stock) === "soldOut";
  return (
    // The name's link opens the drawer from anywhere on the card (app.css): the picture needs no
    // link of its own.
    <article className="product-card">
      <div className="product-card-pic">
        <ProductImage
          src={product.image}
          alt=""
          sizes="(min-width: 1024px) 13rem, (min-width: 640px) 30vw, 46vw"
          priority={imagePriority}
        />
        <ModeBadge mode={product.mode} />
        {product.ageRestricted ? (
          <span className="absolute top-2 right-2 rounded-full bg-stone-900/85 px-2 py-0.5 text-xs font-bold text-white">
            {t("product.age")}
          </span>
        ) : null}
      </div>
      <div className="product-card-body">
        <h3 lang={product.nameLang}>
          <DrawerLink id={product.id}>{product.name}</DrawerLink>
        </h3>
        <PriceBlock product={product} />
        <GroupStatus product={product} cutoffAt={cutoffAt} />
        <StockNote product={product} />
        {product.ageRestricted ? <p>{t("product.ageNote")}</p> : null}
        <ProductLinks product={product} />
        <AddToCartButton productId={product.id} soldOut={soldOut} form={addForm} />
      </div>
    </article>
  );
}

/** Brand and merchant of a product, each linking to its own page. */
export function ProductLinks({ product }: { product: Pick<ProductCardView, "brand" | "merchant"> }) {
  const { t, to } = useI18n();
  if (!product.brand && !product.merchant) return null;
  return (
    <p className="product-links">
      {product.brand ? (
        <span>
          {`${t("product.brand")}${t("product.label")}`}
          <Link
            lang={product.brand.nameLang}
            to={to(`/product?collection=${encodeURIComponent(product.brand.slug)}`)}
            // The side menu links every brand and merchant page: their routes are found from
            // there, not once more from each card (no data-discover attribute per card).
            discover="none"
          >
            {product.brand.name}
          </Link>
        </span>
      ) : null}
      {product.merchant ? (
        <span>
          {`${t("product.merchant")}${t("product.label")}`}
          <Link
            lang={product.merchant.nameLang}
            to={to(`/merchant/${encodeURIComponent(product.merchant.slug)}/${product.merchant.id}`)}
            discover="none"
          >
            {product.merchant.name}
          </Link>
        </span>
      ) : null}
    </p>
  );
}
