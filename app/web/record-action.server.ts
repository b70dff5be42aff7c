import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import type { z } from "zod";
import { type FlashToast, flashHeader } from "~/auth/flash.server.ts";
import { parseForm } from "~/web/form-parse.ts";
import { notFound, recordIdParam, type SavedToastKeys, savedToast } from "~/web/record-route.ts";
import { readForm } from "./request-body.server.ts";

/**
 * Issue 29 item 4: the one action of the back office record pages (`/admin/<thing>/new` and
 * `/admin/<thing>/:id`). The save form posts no `intent`; the page's other buttons post one
 * (`intent=delete`, `intent=deactivate`, …). Each ends the same way everywhere: 404 for a record
 * that is not there, the form's reply with 400 (or the service's refusal with 400/409), or a
 * redirect with a flash toast — so a form works the same with or without JavaScript.
 */

/** What a record page's action answers with data: the save form's reply, or a refusal in words. */
interface RecordReply {
  result: SubmissionResult<string[]> | undefined;
  refusal: string | undefined;
}

/** The data answer of a record page's action (400 or 409). */
export type RecordAnswer = ReturnType<typeof data<RecordReply>>;

type Outcome = { status: string };
type SavedRow = { status: "saved"; changed: boolean } & ({ row: { id: number } } | { id: number });
/** A service's answers other than done and not found: what the page must put in words. */
type Refused<R, Done extends string> = Exclude<R, { status: Done } | { status: "not_found" }>;

/** A refused save on the form: errors on its fields or the whole form, answered with 400 or 409. */
export interface SaveRefusal {
  status: 400 | 409;
  fieldErrors?: Partial<Record<string, string[]>>;
  formErrors?: string[];
}

/** The refused save of a record whose slug another of its kind already has. */
export const slugTakenRefusal = (): SaveRefusal => ({
  status: 400,
  fieldErrors: { slug: ["admin.validation.slugTaken"] },
});

/** A refused delete: words above the page (409), or a toast back on the record's own page. */
type DeleteRefusal = { refusal: string } | { toast: FlashToast };

/** What `recordAction` needs of a route: its list, its form's schema and its service's steps. */
export interface RecordActionOptions<S extends z.ZodType, R extends Outcome, D extends Outcome> {
  /** The list's address (`/admin/brand`): a delete goes back there, a save to `${list}/${id}`. */
  list: string;
  /** The save form's schema: the body is read with it and the values parsed by it. */
  schema: S;
  /** Fields the page's buttons post besides `intent` (e.g. `cancelUnpaid`). */
  names?: readonly string[];
  /** Creates the record (`id` null, on `…/new`) or updates it. */
  save: (id: number | null, value: z.output<S>) => Promise<R>;
  /** The words of a save the service refused (a slug taken, a limit below its use, …). */
  refuseSave?: (refused: Refused<R, "saved">) => SaveRefusal;
  /** Deletes the record (`intent=delete`). */
  remove?: (id: number) => Promise<D>;
  /** The words of a delete the service refused (the record is in use). */
  refuseDelete?: (refused: Refused<D, "deleted">) => DeleteRefusal;
  /** Deactivates the record (`intent=deactivate`): "updated", or "unchanged" if it already was. */
  deactivate?: (id: number) => Promise<{ status: string }>;
  /** The page's own other buttons, by intent; given the record's id (never on `…/new`). */
  intents?: Record<string, (id: number, formData: FormData) => Promise<RecordAnswer>>;
  /** Toast keys other than the back office's "added", "updated" and "removed". */
  toasts?: SavedToastKeys;
}

/**
 * A back office record page's action: reads the form (404 first for an id that is not one), then
 * runs the button the form names — delete, deactivate, one of `intents` — or else saves. The caller
 * checks the role first (`requireAdmin`) and passes the admin's id inside its service steps.
 */
export async function recordAction<S extends z.ZodType, R extends Outcome, D extends Outcome = Outcome>(
  request: Request,
  params: { id?: string },
  options: RecordActionOptions<S, R, D>,
): Promise<RecordAnswer> {
  const id = recordIdParam(params);
  const names = ["intent", ...(options.names ?? [])];
  const formData = await readForm(request, { schemas: [options.schema], names });
  const intent = formData.get("intent");
  if (intent === "delete" && options.remove) return deleteRecord(id ?? notFound(), options);
  if (intent === "deactivate" && options.deactivate) return deactivateRecord(id ?? notFound(), options);
  const other = typeof intent === "string" ? options.intents?.[intent] : undefined;
  if (other) return other(id ?? notFound(), formData);
  return saveRecord(id, formData, options);
}

/** Words above the page for a step the service refused: 409, and the form left as it was. */
export function refusedStep(refusal: string): RecordAnswer {
  return data({ result: undefined, refusal }, { status: 409 });
}

/** Ends the action: throws the redirect to `to` (302), with a toast to show there (POST, redirect, GET). */
export async function throwRedirectWithToast(to: string, toast: FlashToast): Promise<never> {
  throw redirect(to, { headers: [await flashHeader(toast)] });
}

async function deleteRecord<S extends z.ZodType, R extends Outcome, D extends Outcome>(
  id: number,
  options: RecordActionOptions<S, R, D>,
): Promise<RecordAnswer> {
  const deleted = await options.remove?.(id);
  if (!deleted || deleted.status === "not_found") notFound();
  if (deleted.status !== "deleted") {
    const refused = options.refuseDelete?.(deleted as Refused<D, "deleted">);
    if (!refused) throw new Error(`recordAction: unanswered delete refusal ${deleted.status}`);
    if ("refusal" in refused) return refusedStep(refused.refusal);
    return throwRedirectWithToast(`${options.list}/${id}`, refused.toast);
  }
  const removed = options.toasts?.removed ?? "admin.toast.removed";
  return throwRedirectWithToast(options.list, { kind: "success", key: removed });
}

async function deactivateRecord<S extends z.ZodType, R extends Outcome, D extends Outcome>(
  id: number,
  options: RecordActionOptions<S, R, D>,
): Promise<never> {
  const done = await options.deactivate?.(id);
  if (!done || done.status === "not_found") notFound();
  return throwRedirectWithToast(
    `${options.list}/${id}`,
    savedToast(false, done.status === "deactivated", options.toasts),
  );
}

async function saveRecord<S extends z.ZodType, R extends Outcome, D extends Outcome>(
  id: number | null,
  formData: FormData,
  options: RecordActionOptions<S, R, D>,
): Promise<RecordAnswer> {
  const submission = parseForm(formData, options.schema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), refusal: undefined }, { status: 400 });
  }
  const saved = await options.save(id, submission.value);
  if (saved.status === "not_found") notFound();
  if (saved.status !== "saved") {
    const refused = options.refuseSave?.(saved as Refused<R, "saved">);
    if (!refused) throw new Error(`recordAction: unanswered save refusal ${saved.status}`);
    const { status, fieldErrors, formErrors } = refused;
    const result = submission.reply({ fieldErrors: fieldErrors as Record<string, string[]>, formErrors });
    return data({ result, refusal: undefined }, { status });
  }
  const row = saved as unknown as SavedRow;
  const savedId = "row" in row ? row.row.id : row.id;
  return throwRedirectWithToast(
    `${options.list}/${savedId}`,
    savedToast(id === null, row.changed, options.toasts),
  );
}
