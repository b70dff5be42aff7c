/**
 * The back office's writes to the catalogue's frame (issue 4 item 6): the two-level category tree,
 * merchants and brands. Each write runs in one transaction with its audit entry (DESIGN §4.14).
 * The storefront counts products per category and mode live (decision 0006), so a saved tree
 * shows in the side menu on the next request: nothing here has a cache to rebuild.
 */
import type { ServiceDeps } from "../shared/deps.ts";
import { createCategoryAdminService } from "./category-admin.server.ts";
import { createMerchantBrandAdminService } from "./merchant-brand-admin.server.ts";

export function createCatalogueAdminService(deps: ServiceDeps) {
  return { ...createCategoryAdminService(deps), ...createMerchantBrandAdminService(deps) };
}
