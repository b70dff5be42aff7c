import { ArrowLeft, ArrowRight, ImagePlus, LoaderCircle, Trash2 } from "lucide-react";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { PRODUCT_IMAGES_MAX } from "~/domain/catalogue/admin-product.schema.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { IMAGE_ACCEPT } from "./image-upload-button.tsx";

const UPLOAD_URL = "/admin/upload";

/** POST /admin/upload's answer: `{ url }`, or `{ error }` already in zh-HK. */
async function upload(file: File): Promise<{ url: string } | { error: string }> {
  const body = new FormData();
  body.append("file", file);
  body.append("folder", "products");
  try {
    const response = await fetch(UPLOAD_URL, { method: "POST", body });
    const answer = (await response.json().catch(() => null)) as { url?: unknown; error?: unknown } | null;
    if (response.ok && typeof answer?.url === "string") return { url: answer.url };
    return { error: typeof answer?.error === "string" ? answer.error : t("admin.product.images.failed") };
  } catch {
    return { error: t("admin.product.images.failed") };
  }
}

/**
 * The product's pictures (DESIGN §4.2 images): each file is uploaded as soon as it is chosen and
 * its address joins the list, which posts with the form as `images[0]`, `images[1]`, … The first
 * picture is the cover; the arrows reorder, the bin removes (the file stays in storage: another
 * saved version of the product may still show it).
 */
export function ProductImagesField({
  name,
  images,
  onChange,
  error,
  errorId,
}: {
  name: string;
  images: string[];
  onChange: (images: string[]) => void;
  error: string | undefined;
  errorId: string;
}) {
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const room = PRODUCT_IMAGES_MAX - images.length;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = "";
    if (files.length === 0) return;
    setUploadError(null);
    if (files.length > room) setUploadError(t("admin.product.images.tooMany", { max: PRODUCT_IMAGES_MAX }));
    let current = images;
    // One at a time, in the order chosen, so the list grows in that order.
    for (const file of files.slice(0, Math.max(0, room))) {
      setUploading((n) => n + 1);
      const result = await upload(file);
      setUploading((n) => n - 1);
      if ("url" in result) {
        current = [...current, result.url];
        onChange(current);
      } else {
        setUploadError(`${file.name}：${result.error}`);
      }
    }
  }

  const move = (from: number, to: number) => {
    const next = [...images];
    const [picked] = next.splice(from, 1);
    if (picked === undefined) return;
    next.splice(to, 0, picked);
    onChange(next);
  };

  const shownError = uploadError ?? errorText(error);
  return (
    <div className="flex flex-col gap-2" data-testid="product-images">
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={inputId}
          className={`inline-flex items-center gap-2 rounded-lg border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-800 ${
            room > 0 && uploading === 0
              ? "cursor-pointer bg-white hover:bg-brand-50"
              : "cursor-not-allowed opacity-60"
          }`}
        >
          {uploading > 0 ? (
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <ImagePlus className="size-4" aria-hidden="true" />
          )}
          {uploading > 0 ? t("admin.product.images.uploading") : t("admin.product.images.add")}
        </label>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          disabled={room <= 0 || uploading > 0}
          onChange={choose}
          className="sr-only"
          aria-describedby={`${inputId}-hint ${errorId}`}
        />
        <span id={`${inputId}-hint`} className="text-sm text-stone-600">
          {t("admin.product.images.hint", { max: PRODUCT_IMAGES_MAX })}
        </span>
      </div>
      <p aria-live="polite" className="sr-only">
        {uploading > 0 ? t("admin.product.images.uploading") : ""}
      </p>
      {images.length > 0 ? (
        <ol className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={t("admin.product.images.list")}>
          {images.map((url, index) => (
            <li key={url} className="relative overflow-hidden rounded-lg border border-stone-200 bg-stone-50">
              <input type="hidden" name={`${name}[${index}]`} value={url} />
              <img
                src={url}
                alt={t("admin.product.images.alt", { n: index + 1 })}
                className="aspect-square w-full object-cover"
              />
              {index === 0 ? (
                <span className="absolute top-1 left-1 rounded bg-brand-700 px-1.5 py-0.5 text-xs font-semibold text-white">
                  {t("admin.product.images.cover")}
                </span>
              ) : null}
              <div className="flex justify-between bg-white/95 p-1">
                <button
                  type="button"
                  onClick={() => move(index, index - 1)}
                  disabled={index === 0}
                  aria-label={t("admin.product.images.earlier", { n: index + 1 })}
                  className="rounded p-1.5 text-stone-700 hover:bg-stone-100 disabled:opacity-30"
                >
                  <ArrowLeft className="size-4" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  onClick={() => onChange(images.filter((_, i) => i !== index))}
                  aria-label={t("admin.product.images.remove", { n: index + 1 })}
                  className="rounded p-1.5 text-accent-600 hover:bg-rose-50"
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  onClick={() => move(index, index + 1)}
                  disabled={index === images.length - 1}
                  aria-label={t("admin.product.images.later", { n: index + 1 })}
                  className="rounded p-1.5 text-stone-700 hover:bg-stone-100 disabled:opacity-30"
                >
                  <ArrowRight className="size-4" aria-hidden="true" />
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="rounded-lg border border-dashed border-stone-300 px-3 py-6 text-center text-sm text-stone-600">
          {t("admin.product.images.none")}
        </p>
      )}
      <p id={errorId} className="min-h-5 text-sm text-accent-600" role={shownError ? "alert" : undefined}>
        {shownError}
      </p>
    </div>
  );
}
