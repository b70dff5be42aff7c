import { srcSetFor } from "~/domain/catalogue/images.ts";

/** Demo and uploaded product pictures are square WebP files (DESIGN §4.2 images). */
const SIZE = 600;

/**
 * A product picture with its intrinsic size (no layout shift). Pictures in the first row load at
 * once, the first ones with high priority; the rest wait until they are near the viewport.
 */
export function ProductImage({
  src,
  alt,
  sizes,
  priority = "lazy",
  className = "",
}: {
  src: string | null | undefined;
  alt: string;
  sizes: string;
  priority?: "high" | "eager" | "lazy";
  className?: string;
}) {
  if (!src) {
    return <span aria-hidden="true" className={`product-img block bg-brand-100 ${className}`} />;
  }
  return (
    <img
      src={src}
      srcSet={srcSetFor(src)}
      sizes={sizes}
      width={SIZE}
      height={SIZE}
      alt={alt}
      loading={priority === "lazy" ? "lazy" : "eager"}
      fetchPriority={priority === "high" ? "high" : undefined}
      className={className ? `product-img ${className}` : "product-img"}
    />
  );
}
