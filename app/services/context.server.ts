import type { Logger } from "pino";
import type { Db } from "~/db/client.server.ts";
import type { Env } from "~/env.server.ts";
import { createOutboxSms } from "~/integrations/sms/outbox.server.ts";
import type { SmsProvider } from "~/integrations/sms/sms-provider.ts";
import { createTwilioSms } from "~/integrations/sms/twilio.server.ts";
import { createAdminService } from "./admin.server.ts";
import { createAnalyticsService } from "./analytics.server.ts";
import { createAuthService } from "./auth.server.ts";
import { createCatalogueService } from "./catalogue.server.ts";
import { createContentService } from "./content.server.ts";
import { createEnquiryService } from "./enquiries.server.ts";
import { createMemberService } from "./members.server.ts";
import { createOutboxService } from "./outbox.server.ts";
import { createSiteService } from "./site.server.ts";

export interface ServiceDeps {
  db: Db;
  log: Logger;
  env: Env;
}

export interface Providers {
  sms: SmsProvider;
}

/** DESIGN §5: the real provider when configured, the outbox otherwise. */
export function chooseProviders(
  deps: ServiceDeps,
  outbox: ReturnType<typeof createOutboxService>,
): Providers {
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
  return { sms };
}

export function createServices(deps: ServiceDeps, overrides: Partial<Providers> = {}) {
  const outbox = createOutboxService(deps);
  const providers = { ...chooseProviders(deps, outbox), ...overrides };
  const auth = createAuthService(deps, providers.sms);
  return {
    providers,
    site: createSiteService(deps),
    content: createContentService(deps),
    catalogue: createCatalogueService(deps),
    enquiries: createEnquiryService(deps),
    analytics: createAnalyticsService(deps),
    outbox,
    auth,
    members: createMemberService(deps, auth),
    admin: createAdminService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;

export interface RequestContext {
  services: Services;
  requestId: string;
  log: Logger;
  shopMode: Env["SHOP_MODE"];
  clientIp: string | undefined;
}

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
