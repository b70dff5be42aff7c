/**
 * The back office's pickup points and districts (DESIGN §4.13, issue 5 item 6). Each write runs in
 * one transaction with its audit entry (DESIGN §4.14). /location and the checkout read the same
 * rows through the content service, so a saved change shows there on the next request.
 *
 * Deleting: a district goes only while no point uses it; a point goes only while no order names
 * it (an order keeps its pickup point for its pickup code, invoice and history). A point with orders
 * is deactivated instead: it leaves /location and the checkout, its orders stay as they are.
 */

import type { ServiceDeps } from "../shared/deps.ts";
import { createPickupDistrictAdminService } from "./pickup-district-admin.server.ts";
import { createPickupPointAdminService } from "./pickup-point-admin.server.ts";

export function createPickupAdminService(deps: ServiceDeps) {
  return { ...createPickupDistrictAdminService(deps), ...createPickupPointAdminService(deps) };
}
