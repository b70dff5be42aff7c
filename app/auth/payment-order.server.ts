import type { AppLoadContext } from "react-router";
import { requireMember } from "./session.server.ts";

/**
 * What the payment pages (/payment, /payment/payme, /payment/fps, /payment/success|fail) share: the order they are for
 * comes in `?order=`, and a page shows only the signed-in member's own order waiting for payment.
 */

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
