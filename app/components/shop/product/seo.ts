import type { MetaDescriptor } from "react-router";
import { type ProductView, stockState } from "~/domain/catalogue/catalogue.ts";
import { productShareVersion, shareLines, shareSummary } from "~/domain/catalogue/share.ts";
import { PIECE_UNIT } from "~/domain/shared/pricing.ts";
import type { I18n } from "~/i18n/i18n.ts";
import { shareFormatOf } from "~/i18n/share-format.ts";

/** A product's one public address: the drawer over /all (what the sitemap lists). */
function productPath(id: number): string {
  return `/all?product=${id}`;
}

function absolute(origin: string, path: string): string {
  return path.startsWith("http") ? path : `${origin}${path}`;
}

/** schema.org Product for a shared product link, so search engines can show its price. */
function productJsonLd(product: ProductView, origin: string): Record<string, unknown> {
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
 * The picture drawn for a product's link preview, in the page's language (`lang=en`: English words
 * and name); `v` changes with what it shows (the live count).
 */
function productShareImagePath(product: ProductView, cutoffAt: string | null, i18n: I18n): string {
  return withLanguage(`/og/product/${product.id}.jpg?v=${productShareVersion(product, cutoffAt)}`, i18n);
}

/** A share picture's address in the page's language: English pictures carry `lang=en`. */
function withLanguage(path: string, i18n: I18n): string {
  return i18n.locale === "en" ? `${path}${path.includes("?") ? "&" : "?"}lang=en` : path;
}

/**
 * `<title>`, description, canonical link, Open Graph and Twitter card tags of a catalogue page
 * (issue 31 item 3); with a product open in the drawer, the product's own title, its share picture
 * (price, live progress, cut-off), canonical address and JSON-LD, so a shared drawer link previews it.
 */
export function catalogueMeta({
  i18n,
  title,
  description,
  origin,
  canonicalPath,
  noindex = false,
  product = null,
  cutoffAt = null,
  imagePath = "/og/home.jpg",
}: {
  /** The page's words (`i18nOf(matches)`). */
  i18n: I18n;
  title: string;
  description: string;
  origin: string;
  canonicalPath: string;
  noindex?: boolean;
  product?: ProductView | null;
  /** The open cycle's cut-off, drawn on a product's picture. */
  cutoffAt?: string | null;
  /** The page's own share picture when no product is open. */
  imagePath?: string;
}): MetaDescriptor[] {
  const { t } = i18n;
  const shop = t("shop.name");
  const fullTitle = product ? `${product.name} | ${shop}` : `${title} | ${shop}`;
  const text = product ? product.description || description : description;
  const preview = product ? shareSummary(shareLines(product, cutoffAt, shareFormatOf(i18n))) : text;
  const canonical = absolute(origin, product ? i18n.to(productPath(product.id)) : canonicalPath);
  const image = absolute(
    origin,
    product ? productShareImagePath(product, cutoffAt, i18n) : withLanguage(imagePath, i18n),
  );
  const imageAlt = t("share.imageAlt", { name: product ? product.name : title });
  const meta: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: text },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: shop },
    { property: "og:locale", content: i18n.locale === "en" ? "en_HK" : "zh_HK" },
    { property: "og:type", content: product ? "product" : "website" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: preview },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/jpeg" },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: imageAlt },
    // X reads the title, description and picture from the og: tags when its own are not there.
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image:alt", content: imageAlt },
  ];
  if (noindex && !product) meta.push({ name: "robots", content: "noindex, follow" });
  if (product) meta.push({ "script:ld+json": productJsonLd(product, origin) });
  return meta;
}

/** What catalogueMeta takes from a product page's loader data: its origin, the drawer's product, the open cycle. */
export function drawerMeta(loaderData: {
  origin: string;
  drawerProduct: ProductView | null;
  cycle: { cutoffAt: string } | null;
}) {
  return {
    origin: loaderData.origin,
    product: loaderData.drawerProduct,
    cutoffAt: loaderData.cycle?.cutoffAt ?? null,
  };
}

export function notFoundMeta({ t }: I18n): MetaDescriptor[] {
  return [
    { title: `${t("error.notFound.title")} | ${t("shop.name")}` },
    { name: "robots", content: "noindex" },
  ];
}
