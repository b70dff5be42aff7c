import { admin } from "./catalogue/admin.ts";
import { adminBanners } from "./catalogue/admin-banners.ts";
import { adminCatalogue } from "./catalogue/admin-catalogue.ts";
import { adminCycles } from "./catalogue/admin-cycles.ts";
import { adminDollar } from "./catalogue/admin-dollar.ts";
import { adminEmail } from "./catalogue/admin-email.ts";
import { adminEmailMessages } from "./catalogue/admin-email-messages.ts";
import { adminFeedback } from "./catalogue/admin-feedback.ts";
import { adminImages } from "./catalogue/admin-images.ts";
import { adminOrders } from "./catalogue/admin-orders.ts";
import { adminPickup } from "./catalogue/admin-pickup.ts";
import { adminPickupStaff } from "./catalogue/admin-pickup-staff.ts";
import { adminProducts } from "./catalogue/admin-products.ts";
import { adminRefunds } from "./catalogue/admin-refunds.ts";
import { adminSales } from "./catalogue/admin-sales.ts";
import { adminStock } from "./catalogue/admin-stock.ts";
import { adminValidation } from "./catalogue/admin-validation.ts";
import { forms } from "./catalogue/forms.ts";
import { pickupConsoleCatalogue } from "./catalogue/pickup-console.ts";
import { catalogue as shared } from "./index.ts";
import { createTranslator } from "./translator.ts";

/** The shared catalogue plus the back office's words, which the storefront never ships. */
const catalogue = {
  ...shared,
  ...forms,
  ...admin,
  ...adminValidation,
  ...adminEmailMessages,
  ...adminImages,
  ...adminCatalogue,
  ...adminStock,
  ...adminEmail,
  ...adminProducts,
  ...adminFeedback,
  ...adminPickup,
  ...adminPickupStaff,
  ...adminCycles,
  ...adminDollar,
  ...adminOrders,
  ...adminBanners,
  ...adminSales,
  ...adminRefunds,
  // The pickup console's toasts are carried by the same flash cookie (issue 31 item 2).
  ...pickupConsoleCatalogue,
} as const;

export type MessageKey = keyof typeof catalogue;
/** `errorText`: a schema's message key (or text already in words) from a back-office form, in zh-HK. */
export const { t, has: isMessageKey, errorText } = createTranslator(catalogue);
