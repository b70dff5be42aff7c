/**
 * What the back office record routes (`/admin/<thing>/new`, `/admin/<thing>/:id`) share on the
 * server side: the 404 their ErrorBoundary shows with RecordErrorPanel, the record id from the
 * address, and the toast after saving.
 */
import { data } from "react-router";
import { parseRecordId } from "~/domain/shared/record-fields.ts";
import type { MessageKey } from "~/i18n/admin.ts";

/** Ends a loader or action with 404: the record the address names does not exist. */
export function notFound(): never {
  throw data({ notFound: true }, { status: 404 });
}

/** The record id in the address: null on `…/new`; 404 for anything that is not an id. */
export function recordIdParam(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  return parseRecordId(params.id) ?? notFound();
}

/** The record the address names, read with `get` (404 when there is none); null on `…/new`. */
export async function findRecord<T>(
  params: { id?: string },
  get: (id: number) => Promise<T | null | undefined>,
): Promise<T | null> {
  const id = recordIdParam(params);
  if (id === null) return null;
  return (await get(id)) ?? notFound();
}

/** The toast keys of a record's save and delete, where an area has its own words (discount codes). */
export interface SavedToastKeys {
  added?: MessageKey;
  updated?: MessageKey;
  removed?: MessageKey;
}

/** The toast after a save: added, updated, or that nothing changed. */
export function savedToast(created: boolean, changed: boolean, keys: SavedToastKeys = {}) {
  if (created) return { kind: "success", key: keys.added ?? "admin.toast.added" } as const;
  return changed
    ? ({ kind: "success", key: keys.updated ?? "admin.toast.updated" } as const)
    : ({ kind: "info", key: "admin.toast.unchanged" } as const);
}
