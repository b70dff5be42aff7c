import { srcSetFor } from "~/domain/catalogue/images.ts";

/**
 * A decorative shop picture (a tile, a logo, a banner) in every stored width with its intrinsic size,
 * so nothing shifts as it loads. Without a picture: the `placeholder` box, or nothing.
 */
export function Picture({
  src,
  sizes,
  width,
  height,
  lazy = false,
  fetchPriority,
  className,
  placeholder,
}: {
  src: string | null;
  sizes: string;
  width: number;
  height: number;
  /** Below the fold: loaded when near the viewport and decoded off the main thread. */
  lazy?: boolean;
  fetchPriority?: "low";
  className: string;
  /** The classes of the empty box shown when there is no picture. */
  placeholder?: string;
}) {
  if (!src) return placeholder ? <span aria-hidden="true" className={placeholder} /> : null;
  return (
    <img
      src={src}
      srcSet={srcSetFor(src)}
      sizes={sizes}
      width={width}
      height={height}
      alt=""
      loading={lazy ? "lazy" : undefined}
      decoding={lazy ? "async" : undefined}
      fetchPriority={fetchPriority}
      className={className}
    />
  );
}
