import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { ImageUp, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { FieldError } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import type { ImageFolder } from "~/domain/catalogue/images.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { ImageUploadButton } from "./image-upload-button.tsx";
import { useImageUpload } from "./use-image-upload.ts";

/**
 * One picture (a logo or a category tile): upload a file through POST /admin/upload, which answers
 * the stored picture's address, or paste an address. The address is the form's value, so the form
 * saves it like any other text field and the schema checks it.
 */
export function ImageField({
  field,
  label,
  hint,
  folder,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  hint?: string;
  folder: ImageFolder;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const [preview, setPreview] = useState(field.initialValue ?? "");

  // Sets the address as if typed, so Conform validates it and the form submits it.
  const setAddress = (value: string) => {
    const input = inputRef.current;
    if (!input) return;
    input.value = value;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    setPreview(value);
  };

  const { uploading, uploadError, setUploadError, upload } = useImageUpload(
    folder,
    t("admin.imageField.failed"),
    setAddress,
  );

  const error = uploadError ?? errorText(field.errors?.[0]);
  const hintId = `${field.id}-hint`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={field.id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <div className="flex items-start gap-3">
        <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-stone-200 bg-stone-50">
          {preview ? (
            <img src={preview} alt={t("admin.imageField.preview")} className="size-full object-contain" />
          ) : (
            <ImageUp className="size-6 text-stone-400" aria-hidden="true" />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <Input
            {...getInputProps(field, { type: "text" })}
            ref={inputRef}
            inputMode="url"
            aria-describedby={`${hintId} ${field.errorId}`}
            onChange={(event) => {
              setPreview(event.currentTarget.value.trim());
              setUploadError(null);
            }}
          />
          <div className="flex flex-wrap items-center gap-2">
            <ImageUploadButton
              id={fileId}
              uploading={uploading}
              onChange={upload}
              icon={ImageUp}
              label={t("admin.imageField.upload")}
              uploadingLabel={t("admin.imageField.uploading")}
              className="inline-flex border-brand-700"
            />
            {preview ? (
              <button
                type="button"
                onClick={() => setAddress("")}
                className="inline-flex items-center gap-1 rounded-lg px-2 py-1.5 text-sm text-stone-700 underline hover:text-accent-600"
              >
                <X className="size-4" aria-hidden="true" />
                {t("admin.imageField.remove")}
              </button>
            ) : null}
            <span aria-live="polite" className="sr-only">
              {uploading ? t("admin.imageField.uploading") : ""}
            </span>
          </div>
        </div>
      </div>
      <p id={hintId} className="text-xs text-stone-600">
        {hint ? `${hint}。` : ""}
        {t("admin.imageField.hint")}
      </p>
      <FieldError id={field.errorId} error={error} />
    </div>
  );
}
