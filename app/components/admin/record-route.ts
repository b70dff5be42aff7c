/**
 * What the back office record routes (`/admin/<thing>/new`, `/admin/<thing>/:id`) share on the
 * server side: the 404 their ErrorBoundary shows with RecordErrorPanel, the record id from the
 * address, and the toast after saving.
 */
import { data } from "react-router";
import { parseRecordId } from "~/domain/shared/record-fields.ts";

/** Ends a loader or action with 404: the record the address names does not exist. */
export function notFound(): never {
  throw data({ notFound: true }, { status: 404 });
}

/** The record id in the address: null on `…/new`; 404 for anything that is not an id. */
export function recordIdParam(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  return parseRecordId(params.id) ?? notFound();
}

/** The toast after a save: added, updated, or that nothing changed. */
export function savedToast(created: boolean, changed: boolean) {
  if (created) return { kind: "success", key: "toast.admin.added" } as const;
  return changed
    ? ({ kind: "success", key: "toast.admin.updated" } as const)
    : ({ kind: "info", key: "admin.toast.unchanged" } as const);
}
