import { type AppLoadContext, redirect } from "react-router";
import { BACK_FIELD } from "~/web/back-field.ts";
import { type FlashToast, flashHeader } from "./flash.server.ts";
import { safeRedirect } from "./session.server.ts";

/**
 * Issue 30 item 6: every storefront action is a real form. React Router's script posts it to
 * `<path>.data` and is answered with data (the page stays, a toast says what happened); a browser
 * posting the form itself, with no JavaScript or before the scripts arrived, is sent back to the
 * page it came from (POST, redirect, GET), the toast carried across in the flash cookie.
 */
export function postedWithoutScript(context: AppLoadContext): boolean {
  return !context.dataRequest;
}

/** The page the form was posted from (its `back` field), when it is one of ours; `fallback` otherwise. */
export function backTarget(formData: FormData, fallback: string): string {
  return safeRedirect(formData.get(BACK_FIELD), fallback);
}

/** A 303 to `to`, with the toast to show there. */
export async function redirectWithToast(to: string, toast: FlashToast | null): Promise<Response> {
  return redirect(to, { status: 303, headers: toast ? [await flashHeader(toast)] : [] });
}
