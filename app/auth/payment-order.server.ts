import { type AppLoadContext, redirect } from "react-router";
import { localeOfPath, localePath } from "~/i18n/locale.ts";
import type { ClaimResult, StartCardResult } from "~/services/payments/index.ts";
import { flashHeader } from "./flash.server.ts";
import { requireMember } from "./session.server.ts";

/**
 * What the payment pages (/payment, /payment/payme, /payment/fps, /payment/success|fail) share: the order they are for
 * comes in `?order=`, and a page shows only the signed-in member's own order waiting for payment.
 */

/** A storefront page ("/payment?order=1") in the language of the page `request` is for. */
export function pagePath(request: Request, path: string): string {
  return localePath(localeOfPath(new URL(request.url).pathname), path);
}

/** Where the shop's pages are for the page of `request`: its origin, with /en for an English page. */
export function pagesBase(request: Request): string {
  const url = new URL(request.url);
  return localeOfPath(url.pathname) === "en" ? `${url.origin}/en` : url.origin;
}

/** The order number the page is for (`?order=`), "" if none. */
export function orderParam(request: Request): string {
  return new URL(request.url).searchParams.get("order") ?? "";
}

/** The signed-in member's order the page is for, summed up for paying; 404 if it is not theirs or not there. */
export async function requirePaymentOrder(request: Request, context: AppLoadContext) {
  const member = await requireMember(request, context);
  const number = orderParam(request);
  const summary = await context.services.payments.summary(member.id, number);
  if (!summary) throw new Response("Not found", { status: 404 });
  return { member, number, summary };
}

/** After 「我已付款」 by PayMe or FPS: the orders page, or back to /payment saying why not. */
export async function afterClaim(request: Request, result: ClaimResult, number: string): Promise<never> {
  if (result === "claimed") {
    throw redirect(pagePath(request, "/order"), {
      headers: [await flashHeader({ kind: "success", key: "toast.paymeClaimed" })],
    });
  }
  // Paid, expired, past its time or FPS no longer offered: the payment page says what the order is now.
  const back = pagePath(request, `/payment?order=${encodeURIComponent(number)}`);
  if (result === "notPayable") throw redirect(back);
  throw redirect(back, {
    headers: [await flashHeader({ kind: "info", key: "toast.claimCardProcessing" })],
  });
}

/** After choosing the card: the provider's page, or back to /payment saying why not. */
export async function afterCardStart(
  request: Request,
  started: StartCardResult,
  number: string,
): Promise<never> {
  // The provider's own page, or the sandbox's page of this shop (in the page's language).
  if (started.status === "started") throw redirect(pagePath(request, started.redirectUrl));
  const back = pagePath(request, `/payment?order=${encodeURIComponent(number)}`);
  if (started.status === "not_payable") throw redirect(back);
  throw redirect(back, { headers: [await flashHeader({ kind: "info", key: "toast.cardProcessing" })] });
}
