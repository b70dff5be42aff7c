import type { MetaDescriptor } from "react-router";
import { type ProductView, stockState } from "~/domain/catalogue/catalogue.ts";
import { PIECE_UNIT } from "~/domain/shared/pricing.ts";
import { t } from "~/i18n/products.ts";

/** A product's one public address: the drawer over /all (what the sitemap lists). */
export function productPath(id: number): string {
  return `/all?product=${id}`;
}

function absolute(origin: string, path: string): string {
  return path.startsWith("http") ? path : `${origin}${path}`;
}

/** schema.org Product for a shared product link, so search engines can show its price. */
export function productJsonLd(product: ProductView, origin: string): Record<string, unknown> {
  // The group price, the one the card leads with (general buys refund down to it, DESIGN §4.4).
  const price = product.gatherPriceCents;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": absolute(origin, productPath(product.id)),
    sku: String(product.id),
    name: product.name,
    ...(product.nameEn ? { alternateName: product.nameEn } : {}),
    description: product.description,
    image: product.images.map((src) => absolute(origin, src)),
    category: product.subcategory?.name ?? product.category.name,
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand.name } } : {}),
    offers: {
      "@type": "Offer",
      url: absolute(origin, productPath(product.id)),
      priceCurrency: "HKD",
      price: (price / 100).toFixed(2),
      ...(product.unit !== PIECE_UNIT
        ? {
            priceSpecification: {
              "@type": "UnitPriceSpecification",
              price: (price / 100).toFixed(2),
              priceCurrency: "HKD",
              unitText: product.unit,
            },
          }
        : {}),
      availability:
        stockState(product.stock) === "soldOut" ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
      ...(product.merchant ? { seller: { "@type": "Organization", name: product.merchant.name } } : {}),
    },
  };
}

/**
 * `<title>`, description, canonical link and Open Graph tags of a catalogue page; with a product
 * open in the drawer, the product's own title, picture, canonical address and JSON-LD.
 */
export function catalogueMeta({
  title,
  description,
  origin,
  canonicalPath,
  noindex = false,
  product = null,
}: {
  title: string;
  description: string;
  origin: string;
  canonicalPath: string;
  noindex?: boolean;
  product?: ProductView | null;
}): MetaDescriptor[] {
  const shop = t("shop.name");
  const fullTitle = product ? `${product.name} | ${shop}` : `${title} | ${shop}`;
  const text = product ? product.description || description : description;
  const canonical = absolute(origin, product ? productPath(product.id) : canonicalPath);
  const meta: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: text },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: text },
    { property: "og:url", content: canonical },
  ];
  if (noindex && !product) meta.push({ name: "robots", content: "noindex, follow" });
  if (product) {
    const image = product.images[0];
    if (image) meta.push({ property: "og:image", content: absolute(origin, image) });
    meta.push({ property: "og:type", content: "product" });
    meta.push({ "script:ld+json": productJsonLd(product, origin) });
  }
  return meta;
}

export function notFoundMeta(): MetaDescriptor[] {
  return [
    { title: `${t("error.notFound.title")} | ${t("shop.name")}` },
    { name: "robots", content: "noindex" },
  ];
}
