import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import sharp from "sharp";
import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  type ImageFolder,
  isImageFolder,
  variantName,
  variantWidths,
} from "~/domain/catalogue/images.ts";
import type { MessageKey } from "~/i18n/admin.ts";
import type { StorageProvider } from "~/integrations/storage/storage-provider.ts";

type ImageUploadError = Extract<MessageKey, `admin.image.${string}`>;

export type ImageUploadResult =
  | { status: "stored"; url: string }
  | { status: "refused"; error: ImageUploadError; params?: Record<string, number> };

/** Formats read by content (sharp's decoder name), whatever the file is called or claims to be. */
const acceptedFormats = new Set(["jpeg", "png", "webp", "gif", "heif"]);

const webpOptions = { quality: 80, effort: 4 } as const;

/**
 * Admin picture uploads (issue 4 item 5): the bytes decide the type, the size and pixel count are
 * capped before decoding, the picture is turned upright by its EXIF orientation, its metadata
 * (camera, GPS) dropped, and it is stored as WebP at each width of domain/catalogue/images.ts under a
 * random name.
 */
export function createImageService(deps: { storage: StorageProvider; log: Logger }) {
  const { storage, log } = deps;

  async function upload(file: File, folder: ImageFolder): Promise<ImageUploadResult> {
    if (!isImageFolder(folder)) return { status: "refused", error: "admin.image.folder" };
    if (file.size === 0) return { status: "refused", error: "admin.image.missing" };
    if (file.size > IMAGE_MAX_BYTES) {
      return {
        status: "refused",
        error: "admin.image.tooLarge",
        params: { megabytes: IMAGE_MAX_BYTES / 1024 ** 2 },
      };
    }
    const input = Buffer.from(await file.arrayBuffer());

    // Only the header is read here (sharp's own pixel cap is lifted so the answer can say why);
    // the pixel count is checked before anything is decoded.
    const metadata = await sharp(input, { limitInputPixels: false })
      .metadata()
      .catch(() => null);
    if (!metadata || !acceptedFormats.has(metadata.format) || !metadata.width || !metadata.height) {
      return { status: "refused", error: "admin.image.unsupported" };
    }
    if (metadata.width * metadata.height > IMAGE_MAX_PIXELS) {
      return {
        status: "refused",
        error: "admin.image.tooManyPixels",
        params: { megapixels: IMAGE_MAX_PIXELS / 1_000_000 },
      };
    }

    const stem = `${folder}/${randomBytes(12).toString("hex")}`;
    const upright = metadata.autoOrient?.width ?? metadata.width;
    let variants: { key: string; body: Buffer }[];
    try {
      // limitInputPixels again in the decoder; failOn "error" refuses corrupt data but accepts the
      // harmless warnings many phone cameras' JPEGs carry.
      const source = sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error", autoOrient: true });
      variants = await Promise.all(
        variantWidths(upright).map(async (width) => ({
          key: variantName(stem, width),
          body: await source.clone().resize({ width, withoutEnlargement: true }).webp(webpOptions).toBuffer(),
        })),
      );
    } catch (error) {
      log.info({ err: error, format: metadata.format }, "image upload refused: cannot decode");
      return { status: "refused", error: "admin.image.unsupported" };
    }

    try {
      await Promise.all(variants.map((variant) => storage.put(variant.key, variant.body, "image/webp")));
    } catch (error) {
      log.error({ err: error, stem, storage: storage.name }, "image upload: storing failed");
      // Nothing may point at a half-written set; the clean-up is best effort.
      await Promise.allSettled(variants.map((variant) => storage.delete(variant.key)));
      return { status: "refused", error: "admin.image.storeFailed" };
    }
    const widest = variants[variants.length - 1]!;
    log.info({ key: widest.key, widths: variants.length, storage: storage.name }, "image uploaded");
    return { status: "stored", url: storage.publicUrl(widest.key) };
  }

  return { upload };
}
