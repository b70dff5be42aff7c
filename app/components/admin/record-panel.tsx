import { Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { t } from "~/i18n/admin.ts";
import { ConfirmIntentButton } from "./confirm-intent-button.tsx";

/** A white card with a heading: one part of a back office record page. */
export function Panel({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm sm:p-5" data-testid={testId}>
      <h2 className="mb-3 text-lg font-semibold text-stone-900">{title}</h2>
      {children}
    </section>
  );
}

/** A titled group of a long form's fields (the product form's and the settings' parts). */
export function FieldsetSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm sm:p-5">
      <legend className="float-left mb-1 w-full text-lg font-semibold text-stone-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Label and value pairs (dates, counts) beside a form. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-stone-600">{label}</dt>
          <dd className="break-words text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A delete button that asks first (ConfirmDialog), then posts `intent=delete` to the page's action;
 * the question says what happens to the records that point at this one.
 */
export function DeleteRecordButton({
  label,
  confirmTitle,
  confirmBody,
  confirmLabel,
  pendingLabel = t("admin.deleting"),
}: {
  label: string;
  confirmTitle: string;
  confirmBody: string;
  confirmLabel: string;
  /** The button's words while the delete is on its way ("刪除中…" unless given). */
  pendingLabel?: string;
}) {
  return (
    <ConfirmIntentButton
      intent="delete"
      icon={Trash2}
      label={label}
      pendingLabel={pendingLabel}
      confirmTitle={confirmTitle}
      confirmBody={confirmBody}
      confirmLabel={confirmLabel}
    />
  );
}
