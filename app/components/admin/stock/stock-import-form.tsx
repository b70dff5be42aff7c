import { FileUp } from "lucide-react";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { Form, Link } from "react-router";
import { FieldError, SubmitButton } from "~/components/ui/form-field.tsx";
import { STOCK_IMPORT_MAX_BYTES, STOCK_IMPORT_MAX_ROWS } from "~/domain/catalogue/stock.ts";
import { formatHkAdminTime } from "~/domain/shared/admin-hk-time.ts";
import { t } from "~/i18n/admin.ts";

/** The largest CSV file, in megabytes, as the page says it. */
export const STOCK_IMPORT_MEGABYTES = STOCK_IMPORT_MAX_BYTES / 1024 ** 2;
const MEGABYTES = STOCK_IMPORT_MEGABYTES;

/** A CSV upload of /admin/stock, newest first. */
export interface RecentStockImport {
  id: string;
  fileName: string;
  status: "pending" | "committed" | "discarded";
  createdAt: Date | string;
  rows: number;
  errors: number;
}

/** The CSV upload: refused in the browser too when the file is too large. */
export function ImportForm({ pending, error }: { pending: boolean; error: string | undefined }) {
  const [localError, setLocalError] = useState<string | undefined>();
  const tooLarge = (input: HTMLInputElement | null) =>
    (input?.files?.[0]?.size ?? 0) > STOCK_IMPORT_MAX_BYTES;
  const tooLargeText = t("admin.stock.file.tooLarge", { megabytes: MEGABYTES });
  const onChange = (event: ChangeEvent<HTMLInputElement>) =>
    setLocalError(tooLarge(event.currentTarget) ? tooLargeText : undefined);
  // Refused here too, so a big file is not sent only to be refused.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem("file") as HTMLInputElement | null;
    if (tooLarge(input)) {
      event.preventDefault();
      setLocalError(tooLargeText);
    }
  };
  const shown = localError ?? (pending ? undefined : error);
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm sm:p-5" aria-labelledby="stock-import-title">
      <h2 id="stock-import-title" className="text-lg font-semibold text-stone-900">
        {t("admin.stock.import.title")}
      </h2>
      <div className="mt-1 space-y-1 text-sm text-stone-700">
        <p>{t("admin.stock.import.help")}</p>
        <p>{t("admin.stock.import.helpValues")}</p>
        <p>
          {t("admin.stock.import.helpExport", {
            megabytes: MEGABYTES,
            rows: STOCK_IMPORT_MAX_ROWS.toLocaleString("en"),
          })}
        </p>
      </div>
      <Form
        method="post"
        encType="multipart/form-data"
        onSubmit={onSubmit}
        className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start"
      >
        <input type="hidden" name="intent" value="upload" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor="stock-import-file" className="text-sm font-medium text-stone-800">
            {t("admin.stock.import.file")}
          </label>
          <input
            id="stock-import-file"
            type="file"
            name="file"
            accept=".csv,text/csv"
            required
            onChange={onChange}
            aria-invalid={shown ? true : undefined}
            aria-describedby="stock-import-error"
            className="w-full rounded-lg border border-stone-300 bg-white text-sm file:mr-3 file:border-0 file:bg-brand-50 file:px-3 file:py-2.5 file:font-semibold file:text-brand-800"
          />
          <FieldError id="stock-import-error" error={shown} />
        </div>
        <div className="sm:pt-6">
          <SubmitButton
            pending={pending}
            label={t("admin.stock.import.upload")}
            pendingLabel={t("admin.stock.import.uploading")}
          />
        </div>
      </Form>
    </section>
  );
}

export function RecentImports({ imports }: { imports: RecentStockImport[] }) {
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm sm:p-5" aria-labelledby="stock-recent-title">
      <h2 id="stock-recent-title" className="flex items-center gap-2 text-lg font-semibold text-stone-900">
        <FileUp className="size-5 text-brand-700" aria-hidden="true" />
        {t("admin.stock.recent.title")}
      </h2>
      {imports.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{t("admin.stock.recent.empty")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100 text-sm" data-testid="recent-imports">
          {imports.map((item) => (
            <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
              <Link
                to={`/admin/stock/import/${item.id}`}
                className="min-w-0 truncate text-brand-700 underline"
              >
                {item.fileName}
              </Link>
              <span className="text-xs text-stone-600">{formatHkAdminTime(new Date(item.createdAt))}</span>
              <span className="w-full text-stone-600">
                {t(`admin.stock.status.${item.status}`)} ·{" "}
                {t("admin.stock.recent.counts", { rows: item.rows, errors: item.errors })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
