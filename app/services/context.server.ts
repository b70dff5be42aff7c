import type { Logger } from "pino";
import type { Db } from "~/db/client.server.ts";
import { smsSends } from "~/db/schema/index.ts";
import type { Env } from "~/env.server.ts";
import type { EmailProvider } from "~/integrations/email/email-provider.ts";
import { createOutboxEmail } from "~/integrations/email/outbox.server.ts";
import { createSmtpEmail } from "~/integrations/email/smtp.server.ts";
import type { CardProvider } from "~/integrations/payment/payment-provider.ts";
import { createSandboxCardProvider } from "~/integrations/payment/sandbox.server.ts";
import { createStripeCardProvider } from "~/integrations/payment/stripe.server.ts";
import { createOutboxSms } from "~/integrations/sms/outbox.server.ts";
import type { SmsProvider } from "~/integrations/sms/sms-provider.ts";
import { createTwilioSms } from "~/integrations/sms/twilio.server.ts";
import { createLocalStorage } from "~/integrations/storage/local.server.ts";
import { createS3Storage } from "~/integrations/storage/s3.server.ts";
import type { StorageProvider } from "~/integrations/storage/storage-provider.ts";
import { createCartService } from "./cart/cart.server.ts";
import { createCheckoutService } from "./cart/checkout.server.ts";
import { createDiscountAdminService } from "./cart/discounts-admin.server.ts";
import { createCatalogueService } from "./catalogue/catalogue.server.ts";
import { createCatalogueAdminService } from "./catalogue/catalogue-admin.server.ts";
import { createImageService } from "./catalogue/images.server.ts";
import { createProductAdminService } from "./catalogue/products-admin.server.ts";
import { createShareImageService } from "./catalogue/share-image.server.ts";
import { createStockService } from "./catalogue/stock.server.ts";
import { createCyclesAdminService } from "./cycles/cycles-admin.server.ts";
import { createSettlementService } from "./cycles/settlement.server.ts";
import { createSettlementReportService } from "./cycles/settlement-report.server.ts";
import { createSettlementExampleService } from "./cycles/settlement-rules.server.ts";
import { createWeeklyOrderService } from "./cycles/weekly-order.server.ts";
import { createWeeklyOrderExport } from "./cycles/weekly-order-export.server.ts";
import { createDollarService } from "./dollars/dollars.server.ts";
import { createAuthService } from "./members/auth.server.ts";
import { createMemberService } from "./members/members.server.ts";
import { createAdminService } from "./members/members-admin.server.ts";
import { createSignInChallenges } from "./members/sign-in-challenge.server.ts";
import { createSmsBudget } from "./members/sms-budget.server.ts";
import { createAdminNoticeService } from "./messages/admin-notices.server.ts";
import { createCampaignSender } from "./messages/campaign-sender.server.ts";
import { createCampaignService } from "./messages/campaigns.server.ts";
import { createEnquiryService } from "./messages/enquiries.server.ts";
import { createEnquiryInboxService } from "./messages/enquiry-inbox.server.ts";
import { createOutboxService } from "./messages/outbox.server.ts";
import { createMemberOrderService } from "./orders/member-orders.server.ts";
import { createOrderNoticeService } from "./orders/order-notices.server.ts";
import { createOrderAdminService } from "./orders/orders-admin.server.ts";
import { createOrderService } from "./orders/place-order.server.ts";
import { createKeptPaymentService } from "./payments/kept-payments.server.ts";
import { createPaymentService } from "./payments/payments.server.ts";
import { createMissingLineService } from "./pickup/missing-line.server.ts";
import { createPickupAdminService } from "./pickup/pickup-admin.server.ts";
import { createPickupConsoleService } from "./pickup/pickup-console.server.ts";
import { createPickupStaffService } from "./pickup/pickup-staff.server.ts";
import { createRefundService } from "./refunds/refunds.server.ts";
import { createAccountingExport } from "./reports/accounting-export.server.ts";
import { createSalesDashboard } from "./reports/sales-dashboard.server.ts";
import { createStoreCredit } from "./reports/store-credit.server.ts";
import { createCreditNoticeService } from "./shared/credit-notices.server.ts";
import type { ServiceDeps } from "./shared/deps.ts";
import { createRateLimitService } from "./shared/rate-limits.server.ts";
import { createShopWideReads } from "./shared/shop-wide-reads.server.ts";
import { createAnalyticsService } from "./site/analytics.server.ts";
import { createBannerAdminService } from "./site/banners-admin.server.ts";
import { createContentService } from "./site/content.server.ts";
import { createSiteService } from "./site/site.server.ts";

export type { ServiceDeps };

export interface Providers {
  sms: SmsProvider;
  email: EmailProvider;
  /** Card payments: Stripe Checkout when configured, the sandbox otherwise (DESIGN §5). */
  card: CardProvider;
  storage: StorageProvider;
}

/** DESIGN §5: the real provider when configured, the outbox otherwise. */
function chooseProviders(deps: ServiceDeps, outbox: ReturnType<typeof createOutboxService>): Providers {
  const { env, log } = deps;
  const sms =
    env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
      ? createTwilioSms({
          accountSid: env.TWILIO_ACCOUNT_SID,
          authToken: env.TWILIO_AUTH_TOKEN,
          from: env.TWILIO_FROM,
          baseUrl: env.TWILIO_BASE_URL,
        })
      : createOutboxSms({ save: (message) => outbox.save({ channel: "sms", ...message }), log });
  const email = env.SMTP_URL
    ? createSmtpEmail({ url: env.SMTP_URL, from: env.EMAIL_FROM })
    : createOutboxEmail({ save: (message) => outbox.save({ channel: "email", ...message }), log });
  const storage = env.S3_BUCKET
    ? createS3Storage({
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        publicUrl: env.S3_PUBLIC_URL,
      })
    : createLocalStorage({ dataDir: env.DATA_DIR });
  // DESIGN §5: Stripe when configured (production requires it, env.server.ts), the sandbox otherwise.
  const card =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? createStripeCardProvider({
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          apiBase: env.STRIPE_API_BASE,
        })
      : createSandboxCardProvider();
  return { sms, email, card, storage };
}

/** Counts each SMS the provider accepted (the dashboard's "SMS sent today"); a failed send is not counted. */
function countingSms(provider: SmsProvider, db: Db): SmsProvider {
  return {
    name: provider.name,
    async send(message) {
      await provider.send(message);
      await db.insert(smsSends).values({ provider: provider.name });
    },
  };
}

/**
 * Every service, sharing one database and the providers chosen for this environment. `shopWideReadsMs`
 * (the server's SHOP_DATA_CACHE_MS; 0 for scripts and the services' own tests) is how long the
 * settings, banners, menus and open cycle are kept between requests (decision 0045).
 */
export function createServices(
  deps: ServiceDeps,
  overrides: Partial<Providers> = {},
  { shopWideReadsMs = 0 }: { shopWideReadsMs?: number } = {},
) {
  const shopWide = createShopWideReads(shopWideReadsMs);
  const outbox = createOutboxService(deps);
  const chosen = { ...chooseProviders(deps, outbox), ...overrides };
  const providers = { ...chosen, sms: countingSms(chosen.sms, deps.db) };
  // Sign-in codes: the SMS budget and its proof-of-work challenge (issue 44 item 4).
  const smsBudget = createSmsBudget(deps, providers.email);
  const signInChallenges = createSignInChallenges({ db: deps.db, secret: deps.env.AUTH_SECRET });
  const auth = createAuthService(deps, providers.sms, { budget: smsBudget, challenges: signInChallenges });
  const content = createContentService(deps, shopWide);
  const cart = createCartService(deps);
  const site = createSiteService(deps, shopWide);
  const catalogue = createCatalogueService(deps, shopWide);
  const settlement = createSettlementService(deps, providers.sms);
  // The back office of issue 6: cycles, the settlement report and the weekly order.
  const weeklyOrder = createWeeklyOrderService(deps, settlement);
  // Campaign emails (issue 7): the sender loop is started and stopped by server/index.ts.
  const campaigns = createCampaignService(deps, {
    email: providers.email,
    getSettings: site.getSettings,
    wakeSender: () => campaignSender.wake(),
  });
  const campaignSender = createCampaignSender(
    deps,
    { email: providers.email, campaigns, getSettings: site.getSettings },
    { perMinute: deps.env.EMAIL_PER_MINUTE },
  );
  // Refunds to the original payment (issue 46 item 4): card refunds sent after their commit.
  const refunds = createRefundService(deps, providers.card);
  const payments = createPaymentService(deps, providers.card, refunds.reconcile);
  const ordersAdmin = createOrderAdminService(deps, { sms: providers.sms, refunds });
  return {
    /** The server forgets these after each back-office write and each settlement (server/app.ts). */
    shopWide,
    providers,
    rateLimits: createRateLimitService(deps),
    site: area(site, {
      content,
      analytics: createAnalyticsService(deps),
      // The shop's own storefront: carousel, popup and top banner (issue 27 item 6).
      banners: createBannerAdminService(deps),
    }),
    catalogue: area(catalogue, {
      admin: createCatalogueAdminService(deps),
      products: createProductAdminService(deps),
      stock: createStockService(deps),
      images: createImageService({ storage: providers.storage, log: deps.log }),
      // Link previews of products, merchants and the home page (issue 31 item 3).
      shareImages: createShareImageService({ catalogue, storage: providers.storage, log: deps.log }),
    }),
    cart: area(cart, {
      checkout: createCheckoutService(deps, cart, content),
      // The discount code back office (issue 5 item 6).
      discounts: createDiscountAdminService(deps),
    }),
    orders: area(createOrderService(deps, providers.sms), {
      member: createMemberOrderService(deps),
      admin: ordersAdmin,
      // Issue 27: the SMS and email of an order placed and paid, sent by a job (server/index.ts).
      notices: createOrderNoticeService(deps, providers, site),
    }),
    payments: area(payments, {
      // Money that did not pay its order, kept as dDollar: texts and the admin's review (issue 44).
      kept: createKeptPaymentService(deps, providers.sms, site, refunds),
    }),
    // Refunds to the original payment: card, PayMe or FPS transfer (issue 46 item 4, decision 0052).
    refunds,
    cycles: {
      settlement,
      admin: createCyclesAdminService(deps, { settlement, ordersAdmin, sms: providers.sms }),
      report: createSettlementReportService(deps),
      // The content pages' worked examples, by settlement's own rules (decision 0037).
      examples: createSettlementExampleService(deps),
      weeklyOrder,
      weeklyOrderExport: createWeeklyOrderExport(weeklyOrder),
    },
    dollars: area(createDollarService(deps), {
      // Issue 47 item 4: the SMS of credits outside settlement (weighing, missing lines, adjustments).
      notices: createCreditNoticeService(deps, providers.sms),
    }),
    members: area(createMemberService(deps, auth), {
      auth,
      admin: createAdminService(deps, smsBudget),
      smsBudget,
      signInChallenges,
    }),
    messages: {
      outbox,
      campaigns,
      campaignSender,
      enquiries: createEnquiryService(deps),
      inbox: createEnquiryInboxService(deps, providers, site),
      // The admins' emails and each admin's switches (issue 46 item 5).
      adminNotices: createAdminNoticeService(deps, providers.email),
    },
    pickup: {
      // The pickup-day console and who may run it (issue 31 item 2).
      console: createPickupConsoleService(deps),
      staff: createPickupStaffService(deps),
      admin: createPickupAdminService(deps),
      // An admin marks a settled order's line missing, refunded the way they choose (decision 0052).
      missingLines: createMissingLineService(deps, refunds),
    },
    // The owner's figures (issue 46): sales, groups and funnel by cycle, week and month; the dDollar
    // the shop owes its members; payments, refunds and credits as CSV and XLSX.
    reports: {
      sales: createSalesDashboard(deps),
      storeCredit: createStoreCredit(deps),
      accounting: createAccountingExport(deps),
    },
  };
}

/**
 * An area's own service with its other services beside it, so that a route reads
 * `services.orders.placeOrder` and `services.orders.admin.cancel` (issue 45 item 4). A name both
 * use does not compile.
 */
function area<Own extends object, Others extends Record<string, object>>(
  own: Own,
  others: Others & { [Name in keyof Others & keyof Own]: never },
): Own & Others {
  return { ...own, ...others };
}

export type Services = ReturnType<typeof createServices>;

interface RequestContext {
  services: Services;
  requestId: string;
  log: Logger;
  shopMode: Env["SHOP_MODE"];
  clientIp: string | undefined;
  /** This response's Content-Security-Policy nonce (decision 0015); none in development. */
  cspNonce: string | undefined;
  /**
   * Whether React Router's script asked (`<path>.data`, a fetcher or an enhanced form) rather than
   * the browser's own form submission or page load (no JavaScript yet, or none at all). A storefront
   * action answers a script with data and a browser's own post with a redirect back (issue 30 item 6).
   */
  dataRequest: boolean;
}

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
