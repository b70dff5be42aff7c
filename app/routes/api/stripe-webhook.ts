import { readGuardedText } from "~/web/request-body.server.ts";
import type { Route } from "./+types/stripe-webhook.ts";

/** Stripe's events are a few kB; anything far larger is not from Stripe. */
const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * POST /payment/webhook/stripe (DESIGN §4.6): the only way a card payment marks an order paid.
 * 400 for a missing, wrong or stale signature; 200 once an event is handled, and again for a
 * duplicate delivery (Stripe stops retrying); nothing but a status code in the response.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405 });
  // The body guard every endpoint reads through (issue 44 item 5): JSON, size, UTF-8, no NUL.
  const body = await readGuardedText(request, {
    maxBytes: BODY_LIMIT_BYTES,
    contentType: /^application\/json\s*(;|$)/i,
  });
  if (body.status === "refused") return new Response(null, { status: body.httpStatus });
  const outcome = await context.services.payments.webhook(body.text, request.headers.get("stripe-signature"));
  if (outcome === "refused") return new Response(null, { status: 400 });
  if (outcome === "unknown") context.log.warn("Stripe webhook for a payment we did not start");
  return new Response(null, { status: 200 });
}

export function loader() {
  return new Response(null, { status: 405 });
}
