import type { Logger } from "pino";
import type { Db } from "~/db/client.server.ts";
import type { Env } from "~/env.server.ts";
import { createAnalyticsService } from "./analytics.server.ts";
import { createContentService } from "./content.server.ts";
import { createEnquiryService } from "./enquiries.server.ts";
import { createSiteService } from "./site.server.ts";

export interface ServiceDeps {
  db: Db;
  log: Logger;
  env: Env;
}

export function createServices(deps: ServiceDeps) {
  return {
    site: createSiteService(deps),
    content: createContentService(deps),
    enquiries: createEnquiryService(deps),
    analytics: createAnalyticsService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;

export interface RequestContext {
  services: Services;
  requestId: string;
  log: Logger;
  shopMode: Env["SHOP_MODE"];
}

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
