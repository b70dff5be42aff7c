import http from "node:http";
import Stripe from "stripe";
import { freePort, request } from "./net.ts";

export const WEBHOOK_SECRET = "whsec_test_gather";

type SessionStatus = "open" | "complete" | "expired";

/**
 * Stripe's Checkout Sessions API as far as the shop uses it (create, expire, retrieve), at its edge
 * (DESIGN §5): only an open session can be expired, as at Stripe, and `pay` plays the member
 * paying one on Stripe's page. Webhooks are signed the way Stripe signs them.
 */
export async function startFakeStripe() {
  const created: URLSearchParams[] = [];
  const expireCalls: string[] = [];
  const sessions = new Map<string, { status: SessionStatus; amount: number }>();
  /** Refunds by their id, and by the Idempotency-Key they were made with (a retry is the same refund). */
  const refunds = new Map<string, { id: string; paymentIntent: string; amount: number; reference: string }>();
  const refundKeys = new Map<string, string>();
  let refundStatus: "succeeded" | "pending" = "pending";
  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  const session = (id: string) => ({
    id,
    object: "checkout.session",
    url: `https://checkout.stripe.test/c/pay/${id}`,
    status: sessions.get(id)?.status,
    amount_total: sessions.get(id)?.amount,
    payment_intent: sessions.get(id)?.status === "complete" ? `pi_${id}` : null,
  });

  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const path = req.url ?? "";
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
      const retrieve = /^\/v1\/checkout\/sessions\/([^/?]+)$/.exec(path);
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        const form = new URLSearchParams(body);
        created.push(form);
        const id = `cs_test_${created.length}_${Math.random().toString(36).slice(2, 8)}`;
        sessions.set(id, {
          status: "open",
          amount: Number(form.get("line_items[0][price_data][unit_amount]")),
        });
        json(res, 200, session(id));
      } else if (req.method === "POST" && expire) {
        const id = decodeURIComponent(expire[1]!);
        expireCalls.push(id);
        const found = sessions.get(id);
        if (found?.status !== "open") {
          json(res, 400, {
            error: {
              type: "invalid_request_error",
              message: "Only Checkout Sessions with a status of open can be expired.",
            },
          });
          return;
        }
        found.status = "expired";
        json(res, 200, session(id));
      } else if (req.method === "POST" && path === "/v1/refunds") {
        const form = new URLSearchParams(body);
        const key = String(req.headers["idempotency-key"] ?? "");
        const again = refundKeys.get(key);
        if (!again) {
          const id = `re_test_${refunds.size + 1}`;
          refunds.set(id, {
            id,
            paymentIntent: form.get("payment_intent") ?? "",
            amount: Number(form.get("amount")),
            reference: form.get("metadata[reference]") ?? "",
          });
          refundKeys.set(key, id);
        }
        const refund = refunds.get(refundKeys.get(key)!)!;
        json(res, 200, { id: refund.id, object: "refund", amount: refund.amount, status: refundStatus });
      } else if (req.method === "GET" && retrieve && sessions.has(decodeURIComponent(retrieve[1]!))) {
        json(res, 200, session(decodeURIComponent(retrieve[1]!)));
      } else {
        json(res, 404, { error: { type: "invalid_request_error", message: "no such route" } });
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  return {
    apiBase: `http://127.0.0.1:${port}`,
    created,
    expireCalls,
    statusOf: (id: string) => sessions.get(id)?.status,
    /** The refunds made, one per idempotency key, as Stripe keeps them. */
    refunds: () => [...refunds.values()],
    /** What a new refund's status is when made: `pending` (the webhook says more later) or `succeeded`. */
    refundsAnswer(status: "succeeded" | "pending") {
      refundStatus = status;
    },
    /** The member pays an open session on Stripe's page; false when it can no longer be paid. */
    pay(id: string): boolean {
      const found = sessions.get(id);
      if (found?.status !== "open") return false;
      found.status = "complete";
      return true;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const stripe = new Stripe("sk_test_gather");

/** A signed `checkout.session.completed` event, as Stripe sends it. */
export function completedEvent(
  sessionId: string,
  amountTotal: number,
  eventId = `evt_${sessionId}_${Math.random()}`,
) {
  return JSON.stringify({
    id: eventId,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        payment_status: "paid",
        amount_total: amountTotal,
      },
    },
  });
}

/** A signed `refund.updated` event for a refund Stripe made, with our key in its metadata. */
export function refundEvent(
  refund: { id: string; amount: number; reference: string },
  status: "succeeded" | "failed" | "pending",
  eventId = `evt_${refund.id}_${status}`,
) {
  return JSON.stringify({
    id: eventId,
    object: "event",
    type: status === "failed" ? "refund.failed" : "refund.updated",
    data: {
      object: {
        id: refund.id,
        object: "refund",
        amount: refund.amount,
        status,
        metadata: { reference: refund.reference },
      },
    },
  });
}

/** Posts `payload` to the shop's webhook, signed with our secret unless told otherwise. */
export function deliverWebhook(
  baseUrl: string,
  payload: string,
  options: { secret?: string; timestamp?: number; signature?: string | null } = {},
) {
  const signature =
    options.signature === undefined
      ? stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? WEBHOOK_SECRET,
          ...(options.timestamp ? { timestamp: options.timestamp } : {}),
        })
      : options.signature;
  return request(baseUrl, "/payment/webhook/stripe", {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
    body: payload,
  });
}
