/**
 * Unpaid orders and unconfirmed payment claims expire (DESIGN §4.6, decision 0025), giving stock,
 * the code's use and dDollar back; a member whose claim expired is texted why.
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { members, orders } from "~/db/schema/index.ts";
import { i18nIn } from "~/i18n/messages.server.ts";
import { t as claimText } from "~/i18n/payme-claim.ts";
import type { SmsProvider } from "~/integrations/sms/sms-provider.ts";
import { writeLedgerEntry } from "../dollars/index.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { paymentClaimed } from "../shared/order-rules.server.ts";
import { moveOrder } from "./order-state.server.ts";
import { releaseHeld } from "./stock.server.ts";

/**
 * DESIGN §4.6, decision 0025: every order still unpaid at its `expiresAt` becomes `expired` and
 * gives its stock, its code's use and its dDollar back (through the ledger). An unpaid order's
 * `expiresAt` is 30 minutes after it was placed; a PayMe claim moves it to the claim's deadline,
 * so a claim the shop did not confirm in time expires here too, and its member is texted why
 * after the commit (a text that cannot be sent is logged and changes nothing).
 *
 * Each order is taken with SKIP LOCKED, so several app instances can run this at once, and an
 * admin confirming the payment at the same moment either holds the order's row first (the
 * expiry skips it and it is paid) or finds it expired (the payment is kept as dDollar,
 * `payments.complete`): one wins, and nothing is given back twice.
 */
export async function expireDueOrders(
  { db, log }: Pick<ServiceDeps, "db" | "log">,
  sms: SmsProvider,
  now = new Date(),
  batch = 50,
): Promise<number> {
  let expired = 0;
  const claims: { id: number; number: string; deadline: Date; method: string }[] = [];
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: orders.id,
          number: orders.number,
          memberId: orders.memberId,
          discountCodeId: orders.discountCodeId,
          dDollarUsedCents: orders.dDollarUsedCents,
          expiresAt: orders.expiresAt,
          paymentMethod: orders.paymentMethod,
          claimed: sql<boolean>`${paymentClaimed}`,
        })
        .from(orders)
        .where(and(eq(orders.status, "pending_payment"), lte(orders.expiresAt, now)))
        .orderBy(asc(orders.expiresAt))
        .limit(batch)
        .for("update", { skipLocked: true });
      // Rows are taken in the order a checkout takes them: the members it credits first (in
      // id order), then the codes and the products (`releaseHeld`). A checkout holds its
      // member while it counts its code's use, so a batch that took a code first could
      // deadlock with the next checkout of a member it credits.
      const credited = [
        ...new Set(due.filter((order) => order.dDollarUsedCents > 0).map((order) => order.memberId)),
      ];
      if (credited.length > 0) {
        await tx
          .select({ id: members.id })
          .from(members)
          .where(inArray(members.id, credited))
          .orderBy(asc(members.id))
          .for("update");
      }
      for (const order of due) {
        await writeLedgerEntry(tx, {
          memberId: order.memberId,
          amountCents: order.dDollarUsedCents,
          reason: "order_release",
          orderId: order.id,
          key: `order:${order.id}:release`,
          now,
        });
        await moveOrder(
          tx,
          { id: order.id, status: "pending_payment" },
          {
            to: "expired",
            actorId: null,
            note: order.claimed
              ? claimText("paymeClaim.expired.note", { method: claimMethodName(order.paymentMethod) })
              : claimText("paymeClaim.unpaid.note"),
            now,
            set: { expiresAt: null },
          },
        );
      }
      await releaseHeld(tx, due);
      return due;
    });
    expired += done.length;
    for (const order of done)
      if (order.claimed && order.expiresAt)
        claims.push({
          id: order.id,
          number: order.number,
          deadline: order.expiresAt,
          method: claimMethodName(order.paymentMethod),
        });
    if (done.length < batch) break;
  }
  if (expired > 0) log.info({ expired, paymeClaims: claims.length }, "unpaid orders expired");
  await textExpiredClaims({ db, log }, sms, claims);
  return expired;
}

/** How a claim's method reads in its expiry note and text: the claim set the order's method. */
function claimMethodName(method: string | null): string {
  return claimText(method === "fps" ? "paymeClaim.method.fps" : "paymeClaim.method.payme");
}

/** Tells each member whose PayMe or FPS claim expired why the order was cancelled (decision 0025). */
async function textExpiredClaims(
  { db, log }: Pick<ServiceDeps, "db" | "log">,
  sms: SmsProvider,
  claims: readonly { id: number; number: string; deadline: Date; method: string }[],
): Promise<void> {
  if (claims.length === 0) return;
  const phones = await db
    .select({ id: orders.id, phone: members.phone, locale: members.locale })
    .from(orders)
    .innerJoin(members, eq(members.id, orders.memberId))
    .where(
      inArray(
        orders.id,
        claims.map((claim) => claim.id),
      ),
    );
  const memberOf = new Map(phones.map((row) => [row.id, row]));
  for (const claim of claims) {
    const member = memberOf.get(claim.id);
    if (!member) continue;
    // In the language the member reads (issue 48).
    const words = i18nIn(member.locale);
    try {
      await sms.send({
        to: member.phone,
        body: words.t("paymeClaim.expired.sms", {
          number: claim.number,
          method: claim.method,
          deadline: words.dateTime(claim.deadline),
        }),
      });
    } catch (error) {
      log.warn({ err: error, orderId: claim.id }, "payment claim expiry SMS not sent");
    }
  }
}
