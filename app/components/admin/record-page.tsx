import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { ArrowLeft, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { SubmitButton } from "~/components/ui/form-field.tsx";
import { type MessageKey, t } from "~/i18n/admin.ts";
import { AuditList } from "./audit-list.tsx";
import { Panel } from "./record-panel.tsx";

/**
 * Issue 29 item 4: the frame every back office record page (`/admin/<thing>/new`, `/admin/<thing>/:id`)
 * shares — the way back and the heading, the refusal above the form, the form beside the record's
 * panels, and the record's history.
 */

/** The way back (to the list, or the page this one came from), above a page's heading. */
export function BackLink({
  to,
  label,
  className = "",
}: {
  to: string;
  label: MessageKey;
  className?: string;
}) {
  return (
    <Link to={to} className={`inline-flex items-center gap-1 text-sm text-brand-700 underline ${className}`}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t(label)}
    </Link>
  );
}

/**
 * The way back to the list and the page's heading; `badge` sits beside the heading, `hint` below it,
 * and `actions` (buttons, links) on the heading's right.
 */
export function RecordHeader({
  back,
  title,
  badge,
  hint,
  actions,
}: {
  /** The list's address and the words of the way back (also the ErrorBoundary's). */
  back: { to: string; label: MessageKey };
  title: ReactNode;
  badge?: ReactNode;
  hint?: string;
  actions?: ReactNode;
}) {
  const heading = (
    <div className={actions ? "min-w-0" : undefined}>
      <BackLink to={back.to} label={back.label} />
      <h1
        className={`mt-2 text-2xl font-bold text-brand-800${badge ? " flex flex-wrap items-center gap-3" : ""}`}
      >
        {title}
        {badge}
      </h1>
      {hint ? <p className="mt-1 text-sm text-stone-600">{hint}</p> : null}
    </div>
  );
  if (!actions) return heading;
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      {heading}
      <div className="flex flex-wrap gap-2">{actions}</div>
    </div>
  );
}

/** Why the service refused a button (the record is in use, the cycle is not open): above the form. */
export function RefusalAlert({ refusal }: { refusal: string | undefined }) {
  if (!refusal) return null;
  return (
    <p role="alert" className="rounded-xl bg-red-50 p-4 text-accent-600 ring-1 ring-red-200">
      {refusal}
    </p>
  );
}

/** A note about the record's state above the form (inactive, an open cycle exists). */
export function RecordNote({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p className="rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200" data-testid={testId}>
      {children}
    </p>
  );
}

/** The form on the left and, for a saved record, its panels on the right (stacked on phones). */
export function RecordColumns({ aside, children }: { aside?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      {children}
      {aside ? <div className="flex flex-col gap-5">{aside}</div> : null}
    </div>
  );
}

/** Links about the record (its page in the shop) and, on the right, its delete button. */
export function RecordTools({
  links,
  flush = false,
  children,
}: {
  links?: ReactNode;
  /** No space above: the tools are the panel's first line. */
  flush?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={`${flush ? "" : "mt-4 "}flex flex-wrap items-center gap-3`}>
      {links}
      {children ? <div className="ml-auto">{children}</div> : null}
    </div>
  );
}

/** A small underlined link with an icon, from a record to a page about it. */
export function RecordLink({
  to,
  icon: Icon,
  label,
  reloadDocument,
}: {
  to: string;
  icon: LucideIcon;
  label: string;
  reloadDocument?: boolean;
}) {
  return (
    <Link
      to={to}
      reloadDocument={reloadDocument}
      className="inline-flex items-center gap-1 text-sm text-brand-700 underline"
    >
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </Link>
  );
}

/** Who changed the record and when (the audit log), newest first. */
export function HistoryPanel({
  entries,
  title = t("admin.member.history"),
  emptyText = t("admin.member.noHistory"),
}: {
  entries: Parameters<typeof AuditList>[0]["entries"];
  title?: string;
  emptyText?: string;
}) {
  return (
    <Panel title={title}>
      <AuditList entries={entries} emptyText={emptyText} />
    </Panel>
  );
}

/** A ticked-or-not field of a record form, its words beside the box. */
export function CheckboxField({ field, children }: { field: FieldMetadata<unknown>; children: ReactNode }) {
  return (
    <label className="flex items-start gap-2 text-sm text-stone-800">
      <input
        {...getInputProps(field, { type: "checkbox" })}
        className="mt-0.5 size-4 shrink-0 accent-brand-700"
      />
      {children}
    </label>
  );
}

/** The save button at the foot of a record form; "儲存中…" while the form is on its way. */
export function RecordSaveButton({ saving, label }: { saving: boolean; label: string }) {
  return (
    <div className="pt-1">
      <SubmitButton pending={saving} label={label} pendingLabel={t("admin.saving")} />
    </div>
  );
}
