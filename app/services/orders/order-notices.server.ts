/**
 * Issue 27: a member hears from the shop when an order is placed (its number, the amount, how to
 * pay and by when) and when it is paid (pickup point, dates, pickup code), by SMS and, when the
 * member has one, by email.
 *
 * The placement and the payment mark the order (`orders.pending_notice`) in their own transaction;
 * this job, run every few seconds, claims marked orders and sends. So the checkout waits for no
 * provider, a crash loses no mark, and two instances never send the same notice (the claim skips
 * rows another holds). As with the settlement SMS (decision 0016), a notice is sent at most once: a
 * provider's failure is logged and not retried.
 */
import { sql } from "drizzle-orm";
import { members, orderCycles, orders, payments, pickupPoints } from "~/db/schema/index.ts";
import type { OrderNotice } from "~/db/schema/orders.ts";
import { displayWhatsapp, renderReplyEmail } from "~/domain/messages/enquiry-reply.ts";
import { CLAIM_METHODS, type PaymentMethod } from "~/domain/orders/orders.ts";
import { offeredPaymentMethods } from "~/domain/payments/index.ts";
import { dayWithYear, type I18n, shopNameIn } from "~/i18n/i18n.ts";
import type { Locale } from "~/i18n/locale.ts";
import { i18nIn } from "~/i18n/messages.server.ts";
import { paidText } from "~/i18n/paid-words.ts";
import type { EmailProvider } from "~/integrations/email/email-provider.ts";
import type { SmsProvider } from "~/integrations/sms/sms-provider.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { inMemberLanguage } from "../shared/member-language.server.ts";
import type { SiteSettings } from "../site/index.ts";

type DueNotice = {
  kind: OrderNotice;
  number: string;
  status: string;
  payable_cents: number;
  card_fee_cents: number;
  d_dollar_used_cents: number;
  payment_method: PaymentMethod | null;
  expires_at: Date | null;
  pickup_code: string;
  phone: string;
  email: string;
  name: string;
  point: string;
  address: string;
  hours: string;
  pickup_from: string;
  pickup_to: string;
  /** The language the member reads (issue 48): the notice is in it. */
  locale: Locale;
  /** The member has said they paid by PayMe: a "please pay" would be wrong (decision 0025). */
  claimed: boolean;
};

/** Statuses in which each notice still says something true. */
const stillTrue: Record<OrderNotice, readonly string[]> = {
  placed: ["pending_payment"],
  paid: ["paid", "confirmed", "ready_for_pickup"],
};

/** Exactly the ways the shop takes payment (issue 47 item 5): 「PayMe、轉數快 FPS 或信用卡」. */
function methodWords({ t }: I18n, settings: SiteSettings): string {
  const names = offeredPaymentMethods(settings).map((method) => t(`notice.method.${method}`));
  const last = names.pop() ?? "";
  if (names.length === 0) return last;
  const methods = names.join(t("notice.methods.separator"));
  // A space between a Latin word and the Chinese that follows it: 「PayMe 或信用卡」.
  return t("notice.methods.last", { methods, space: /[A-Za-z0-9]$/.test(methods) ? " " : "", last });
}

export function createOrderNoticeService(
  { db, log, env }: ServiceDeps,
  providers: { sms: SmsProvider; email: EmailProvider },
  site: { getSettings(): Promise<SiteSettings> },
) {
  /** The notice in the member's language (issue 48): its words, amounts, dates and links. */
  function words(notice: DueNotice, settings: SiteSettings, i18n: I18n) {
    const { t } = i18n;
    const shop = shopNameIn(i18n, settings.shopName);
    if (notice.kind === "placed") {
      const amount = i18n.money(notice.payable_cents);
      const deadline = notice.expires_at ? i18n.dateTime(new Date(notice.expires_at)) : "";
      const payAt = env.PUBLIC_URL
        ? t("notice.placed.payAt", { url: `${env.PUBLIC_URL}${i18n.to("/payment")}?order=${notice.number}` })
        : t("notice.placed.payAtAccount");
      const facts = {
        shop,
        number: notice.number,
        amount,
        deadline,
        payAt,
        methods: methodWords(i18n, settings),
      };
      return {
        sms: t("notice.placed.sms", facts),
        subject: t("notice.placed.subject", facts),
        body: t("notice.placed.body", facts),
      };
    }
    const facts = {
      shop,
      number: notice.number,
      // What was paid, as every page names it (issue 47 item 2): the card's or PayMe's charge, the dDollar.
      amount: paidText(t, i18n.money, {
        paymentMethod: notice.payment_method,
        payableCents: notice.payable_cents,
        cardFeeCents: notice.card_fee_cents,
        dDollarUsedCents: notice.d_dollar_used_cents,
      }),
      point: notice.point,
      address: notice.address,
      hours: notice.hours,
      from: dayWithYear(i18n, notice.pickup_from),
      to: dayWithYear(i18n, notice.pickup_to),
      code: notice.pickup_code,
    };
    return {
      sms: t("notice.paid.sms", facts),
      subject: t("notice.paid.subject", facts),
      body: t("notice.paid.body", facts),
    };
  }

  async function send(notice: DueNotice, settings: SiteSettings) {
    const i18n = i18nIn(notice.locale);
    const { t } = i18n;
    const message = words(notice, settings, i18n);
    try {
      await providers.sms.send({ to: notice.phone, body: message.sms });
    } catch (error) {
      log.warn({ err: error, order: notice.number, kind: notice.kind }, "order SMS not sent");
    }
    if (!notice.email.includes("@")) return;
    const supportUrl = `https://wa.me/${settings.supportWhatsapp.replace(/\D/g, "")}`;
    const letter = renderReplyEmail({
      greeting: t("notice.greeting", { name: notice.name }),
      reply: message.body,
      shopName: shopNameIn(i18n, settings.shopName),
      footer: [t("notice.footer", { phone: displayWhatsapp(settings.supportWhatsapp) })],
      supportUrl,
      lang: notice.locale,
    });
    try {
      await providers.email.send({
        to: notice.email,
        subject: message.subject,
        fromName: shopNameIn(i18n, settings.shopName),
        ...letter,
      });
    } catch (error) {
      log.warn({ err: error, order: notice.number, kind: notice.kind }, "order email not sent");
    }
  }

  return {
    /** Claims up to `batch` marked orders, clears their marks and sends; returns how many it claimed. */
    async sendDue(batch = 100): Promise<number> {
      const claimed = await db.execute<DueNotice>(sql`
        with due as (
          select ${orders.id} as id, ${orders.pendingNotice} as kind from ${orders}
          where ${orders.pendingNotice} is not null
          order by ${orders.id} limit ${batch} for update skip locked
        ), cleared as (
          update ${orders} set pending_notice = null from due where ${orders.id} = due.id
          returning ${orders.id} as id, due.kind
        )
        select cleared.kind, o.number, o.status, o.payable_cents, o.card_fee_cents, o.d_dollar_used_cents,
          o.payment_method, o.expires_at, o.pickup_code,
          m.phone, m.email, m.last_name || m.first_name as name, m.locale,
          ${inMemberLanguage(sql`m.locale`, sql`p.name`, sql`p.name_en`)} as point,
          ${inMemberLanguage(sql`m.locale`, sql`p.address`, sql`p.address_en`)} as address,
          ${inMemberLanguage(sql`m.locale`, sql`p.hours`, sql`p.hours_en`)} as hours, c.pickup_from::text as pickup_from, c.pickup_to::text as pickup_to,
          exists (select 1 from ${payments} pay where pay.order_id = o.id and pay.provider in (${sql.join(
            CLAIM_METHODS.map((method) => sql`${method}`),
            sql`, `,
          )})) as claimed
        from cleared
        join ${orders} o on o.id = cleared.id
        join ${members} m on m.id = o.member_id
        join ${pickupPoints} p on p.id = o.pickup_point_id
        join ${orderCycles} c on c.id = o.cycle_id
        order by o.id`);
      if (claimed.rows.length === 0) return 0;
      const settings = await site.getSettings();
      for (const notice of claimed.rows) {
        if (!stillTrue[notice.kind].includes(notice.status)) continue;
        if (notice.kind === "placed" && notice.claimed) continue;
        await send(notice, settings);
      }
      return claimed.rows.length;
    },
  };
}
