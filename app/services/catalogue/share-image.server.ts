/**
 * Share pictures (issue 31 item 3): the 1200×630 image a WhatsApp, Facebook or X preview shows for
 * a product, a merchant and the home page. The photo is read through the storage interface (never
 * over HTTP), the text drawn as SVG, the whole rendered by sharp to JPEG. Each image is kept in a
 * small in-memory LRU keyed by what it shows, so a new buyer (a new version) draws a new one. A
 * picture is drawn in the language of the link that shows it (issue 48 item 4: `lang=en`).
 */
import { createHash } from "node:crypto";
import type { Logger } from "pino";
import sharp from "sharp";
import { groupProgress, type ProductView, parseSort } from "~/domain/catalogue/catalogue.ts";
import { productInLanguage } from "~/domain/catalogue/product-language.ts";
import { productShareVersion, shareImageVersion, shareLines } from "~/domain/catalogue/share.ts";
import type { I18n } from "~/i18n/i18n.ts";
import type { Locale } from "~/i18n/locale.ts";
import { i18nIn } from "~/i18n/messages.server.ts";
import { shareFormatOf } from "~/i18n/share-format.ts";
import type { StorageProvider } from "~/integrations/storage/storage-provider.ts";
import type { CatalogueService } from "./catalogue.server.ts";
import { PHOTO_SIZE, plainSvg, productSvg, SHARE_HEIGHT, SHARE_WIDTH } from "./share-image-svg.server.ts";

export interface ShareImage {
  body: Buffer;
  contentType: "image/jpeg";
  /** A strong ETag: the same values drawn give the same tag. */
  etag: string;
}

/** Pictures kept in memory; at about 60–120 kB each this stays under ~25 MB. */
const CACHE_SIZE = 200;
const JPEG = { quality: 82, mozjpeg: true } as const;

export function createShareImageService(deps: {
  catalogue: CatalogueService;
  storage: StorageProvider;
  log: Logger;
}) {
  const { catalogue, storage, log } = deps;
  const cache = new Map<string, Promise<ShareImage>>();

  /** One rendering per key at a time; the least recently used is dropped past CACHE_SIZE. */
  function cached(key: string, draw: () => Promise<Buffer>): Promise<ShareImage> {
    const kept = cache.get(key);
    if (kept) {
      cache.delete(key);
      cache.set(key, kept);
      return kept;
    }
    const etag = `"${createHash("sha1").update(key).digest("base64url").slice(0, 22)}"`;
    const made = draw().then((body) => ({ body, contentType: "image/jpeg" as const, etag }));
    made.catch(() => cache.delete(key));
    cache.set(key, made);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    return made;
  }

  /** A stored picture, cropped to `width`×`height`; null when it is not ours or cannot be read. */
  async function photo(
    url: string | null | undefined,
    width: number,
    height: number,
  ): Promise<Buffer | null> {
    const key = url ? storage.keyForUrl(url) : null;
    if (!key) return null;
    try {
      const bytes = await storage.read(key);
      if (!bytes) return null;
      return await sharp(bytes, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize(width, height, { fit: "cover", position: "attention" })
        .toBuffer();
    } catch (error) {
      log.warn({ err: error, key }, "share picture: photo not readable");
      return null;
    }
  }

  /** The photos (placed in the left square) under the SVG's text, as one JPEG. */
  async function render(
    svg: string,
    photos: { input: Buffer; left: number; top: number }[],
  ): Promise<Buffer> {
    return sharp({
      create: { width: SHARE_WIDTH, height: SHARE_HEIGHT, channels: 3, background: "#f3e6d8" },
    })
      .composite([...photos, { input: Buffer.from(svg), left: 0, top: 0 }])
      .jpeg(JPEG)
      .toBuffer();
  }

  async function productImage(
    product: ProductView,
    cutoffAt: string | null,
    i18n: I18n,
  ): Promise<ShareImage> {
    const { t } = i18n;
    const version = productShareVersion(product, cutoffAt);
    return cached(`product:${i18n.locale}:${product.id}:${version}`, async () => {
      const lines = shareLines(product, cutoffAt, shareFormatOf(i18n));
      const progress = groupProgress(product, product.buyers);
      const svg = productSvg({
        shopName: t("shop.name"),
        name: product.name,
        price: lines.price,
        progress:
          progress && lines.progress
            ? { line: lines.progress, percent: progress.percent, met: progress.met }
            : null,
        cutoff: lines.cutoff,
        footer: t("share.home.tagline"),
      });
      const picture = await photo(product.images[0], PHOTO_SIZE, PHOTO_SIZE);
      return render(svg, picture ? [{ input: picture, left: 0, top: 0 }] : []);
    });
  }

  /** Up to four photos in a 2×2 grid over the left square (one photo fills it). */
  async function mosaic(urls: (string | null | undefined)[]) {
    const chosen = urls.filter((url): url is string => Boolean(url)).slice(0, 4);
    if (chosen.length < 4) {
      const one = await photo(chosen[0], PHOTO_SIZE, PHOTO_SIZE);
      return one ? [{ input: one, left: 0, top: 0 }] : [];
    }
    const half = PHOTO_SIZE / 2;
    const tiles = await Promise.all(chosen.map((url) => photo(url, half, half)));
    return tiles.flatMap((input, index) =>
      input ? [{ input, left: (index % 2) * half, top: Math.floor(index / 2) * half }] : [],
    );
  }

  async function plainImage(
    i18n: I18n,
    key: string,
    title: string,
    lines: string[],
    urls: (string | null)[],
  ) {
    const drawn = [title, ...lines, ...urls];
    return cached(`${key}:${i18n.locale}:${shareImageVersion(drawn)}`, async () => {
      const photos = await mosaic(urls);
      const shopName = i18n.t("shop.name");
      return render(plainSvg({ shopName, title, lines, photo: photos.length > 0 }), photos);
    });
  }

  return {
    /** A published product's picture with its live progress; null for an unknown or hidden id. */
    async product(id: number, locale: Locale): Promise<ShareImage | null> {
      const [product, cycle] = await Promise.all([catalogue.productById(id), catalogue.openCycle()]);
      if (!product) return null;
      return productImage(
        productInLanguage(product, locale === "en"),
        cycle?.cutoffAt ?? null,
        i18nIn(locale),
      );
    },

    async merchant(id: number, locale: Locale): Promise<ShareImage | null> {
      const i18n = i18nIn(locale);
      const { t } = i18n;
      const merchant = await catalogue.merchantById(id);
      if (!merchant) return null;
      const outcome = await catalogue.listProducts({
        mode: "all",
        sort: parseSort(null),
        page: 1,
        merchantId: merchant.id,
      });
      const listed = outcome.found ? outcome.listing : null;
      const urls = listed?.products.map((product) => product.image) ?? [];
      return plainImage(
        i18n,
        `merchant:${merchant.id}`,
        t("share.merchant.tagline", { name: merchant.name }),
        [t("share.merchant.count", { count: listed?.total ?? 0 }), merchant.address].filter(Boolean),
        urls.length > 0 ? urls : [merchant.logo],
      );
    },

    async home(locale: Locale): Promise<ShareImage> {
      const i18n = i18nIn(locale);
      const { t } = i18n;
      const sections = await catalogue.homeSections(4);
      const urls = [...sections.hot, ...sections.closing, ...sections.instock].map(
        (product) => product.image,
      );
      return plainImage(i18n, "home", t("share.home.tagline"), [t("share.home.subline")], urls);
    },
  };
}
