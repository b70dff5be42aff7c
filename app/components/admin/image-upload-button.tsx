import { LoaderCircle, type LucideIcon } from "lucide-react";
import type { ChangeEvent } from "react";

/** The pictures POST /admin/upload takes (it reads the bytes; AVIF is HEIF to it). */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";

/**
 * A button that picks one picture to upload: a label over a hidden file input, showing a spinner
 * and `uploadingLabel` (and taking no clicks) while the upload runs. `className` sets its display
 * and border.
 */
export function ImageUploadButton({
  id,
  uploading,
  onChange,
  icon: Icon,
  label,
  uploadingLabel,
  className,
}: {
  id: string;
  uploading: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  icon: LucideIcon;
  label: string;
  uploadingLabel: string;
  className: string;
}) {
  return (
    <label
      htmlFor={id}
      aria-disabled={uploading}
      className={`${className} cursor-pointer items-center gap-1.5 rounded-lg border bg-white px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300 ${uploading ? "pointer-events-none opacity-60" : ""}`}
    >
      {uploading ? (
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
      ) : (
        <Icon className="size-4" aria-hidden="true" />
      )}
      {uploading ? uploadingLabel : label}
      <input
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        className="sr-only"
        disabled={uploading}
        onChange={onChange}
      />
    </label>
  );
}
