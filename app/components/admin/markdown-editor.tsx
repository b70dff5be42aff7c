import { type FieldMetadata, getTextareaProps } from "@conform-to/react";
import { ImagePlus } from "lucide-react";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { FieldError } from "~/components/ui/form-field.tsx";
import { errorText, t } from "~/i18n/admin.ts";
import { ImageUploadButton } from "./image-upload-button.tsx";
import { useImageUpload } from "./use-image-upload.ts";

const textareaClass =
  "min-h-80 w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 font-mono text-sm leading-6 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-accent-600";

const hints = [
  "admin.email.help.heading",
  "admin.email.help.bold",
  "admin.email.help.list",
  "admin.email.help.link",
  "admin.email.help.image",
] as const;

/**
 * The campaign body: a plain Markdown textarea (no toolbar), with what helps without one: a short
 * syntax guide, Ctrl/⌘+B and +I around the selection, Ctrl/⌘+K for a link, a picture upload that
 * inserts `![](address)` at the cursor, and a character count. `onText` feeds the live preview.
 */
export function MarkdownEditor({
  field,
  label,
  max,
  onText,
}: {
  field: FieldMetadata<string>;
  label: string;
  max: number;
  onText: (text: string) => void;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const fileId = useId();
  const guideId = useId();
  const [length, setLength] = useState((field.initialValue ?? "").length);

  /** Replaces the selection as if typed (undo keeps working), so Conform and the preview see it. */
  function insert(before: string, after = "", placeholder = "") {
    const area = ref.current;
    if (!area) return;
    area.focus();
    const { selectionStart, selectionEnd, value } = area;
    const selected = value.slice(selectionStart, selectionEnd) || placeholder;
    const text = `${before}${selected}${after}`;
    if (!document.execCommand?.("insertText", false, text)) {
      area.setRangeText(text, selectionStart, selectionEnd, "end");
      area.dispatchEvent(new Event("input", { bubbles: true }));
    }
    area.setSelectionRange(selectionStart + before.length, selectionStart + before.length + selected.length);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === "b") insert("**", "**");
    else if (key === "i") insert("*", "*");
    else if (key === "k") insert("[", "](https://)");
    else return;
    event.preventDefault();
  }

  const { uploading, uploadError, upload } = useImageUpload(
    "emails",
    t("admin.email.uploadFailed"),
    (address, file) => insert("\n![", `](${address})\n`, file.name.replace(/\.[^.]+$/, "")),
  );

  const error = uploadError ?? errorText(field.errors?.[0]);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={field.id} className="text-sm font-medium text-stone-800">
          {label}
          <span className="ml-1 font-normal text-stone-500">{t("admin.email.bodyHint")}</span>
        </label>
        <ImageUploadButton
          id={fileId}
          uploading={uploading}
          onChange={upload}
          icon={ImagePlus}
          label={t("admin.email.insertImage")}
          uploadingLabel={t("admin.email.uploading")}
          className="flex border-stone-300"
        />
      </div>
      <textarea
        {...getTextareaProps(field)}
        ref={ref}
        rows={16}
        maxLength={max}
        aria-describedby={`${guideId} ${field.errorId}`}
        onKeyDown={onKeyDown}
        onInput={(event) => {
          setLength(event.currentTarget.value.length);
          onText(event.currentTarget.value);
        }}
        className={textareaClass}
      />
      <div className="flex flex-wrap justify-between gap-2">
        <FieldError id={field.errorId} error={error} />
        <p className="text-xs text-stone-600 tabular-nums" aria-live="polite">
          {t("admin.email.charCount", { count: length.toLocaleString("en"), max: max.toLocaleString("en") })}
        </p>
      </div>
      <details id={guideId} className="rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-700">
        <summary className="cursor-pointer font-medium text-stone-800">{t("admin.email.help.title")}</summary>
        <ul className="mt-2 flex flex-col gap-1 font-mono text-xs">
          {hints.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
        <p className="mt-2 text-xs">{t("admin.email.help.note")}</p>
      </details>
    </div>
  );
}
