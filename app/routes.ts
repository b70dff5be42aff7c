import {
  index,
  layout,
  prefix,
  type RouteConfig,
  type RouteConfigEntry,
  route,
} from "@react-router/dev/routes";

/**
 * The storefront's pages (SPEC §2). zh-HK has them at the root; English has the same list under /en
 * (issue 48, decision 0054), each route with an id of its own: "en/" and the zh-HK route's id.
 */
const storefront: RouteConfigEntry[] = [
  index("routes/shop/home.tsx"),
  route("about", "routes/shop/about.tsx"),
  route("guide", "routes/shop/guide.tsx"),
  route("qa", "routes/shop/qa.tsx"),
  route("terms-and-conditions", "routes/shop/terms-and-conditions.tsx"),
  route("referral", "routes/shop/referral.tsx"),
  route("location", "routes/shop/location.tsx"),
  route("cooperation", "routes/shop/cooperation.tsx"),
  route("survey", "routes/shop/survey.tsx"),
  route("contact", "routes/shop/contact.tsx"),
  route("prelaunch", "routes/shop/prelaunch.tsx"),
  route("success-registration", "routes/shop/success-registration.tsx"),
  route("whole-piece", "routes/shop/whole-piece.tsx"),
  route("whole-piece-abs", "routes/shop/whole-piece-abs.tsx"),
  // Catalogue (issue 4): one listing module per mode, and /product filtered by query.
  route("all", "routes/shop/listing.tsx", { id: "listing-all" }),
  route("general", "routes/shop/listing.tsx", { id: "listing-general" }),
  route("limited", "routes/shop/listing.tsx", { id: "listing-limited" }),
  route("instock", "routes/shop/listing.tsx", { id: "listing-instock" }),
  route("product", "routes/shop/listing.tsx", { id: "listing-product" }),
  route("collection", "routes/shop/collection.tsx"),
  route("merchant/:name/:id", "routes/shop/merchant.tsx"),
  route("cart", "routes/shop/cart.tsx"),
  route("checkout", "routes/shop/checkout.tsx"),
  route("order", "routes/shop/order.tsx"),
  route("order/print", "routes/shop/order-print.tsx"),
  route("invoice", "routes/shop/invoice.tsx"),
  route("payment", "routes/payment/choose.tsx"),
  route("payment/payme", "routes/payment/payme.tsx"),
  route("payment/fps", "routes/payment/fps.tsx"),
  route("payment/sandbox", "routes/payment/sandbox.tsx"),
  route("payment/success", "routes/payment/result.tsx", { id: "payment-success" }),
  route("payment/fail", "routes/payment/result.tsx", { id: "payment-fail" }),
  route("login", "routes/auth/login.tsx"),
  route("register", "routes/auth/register.tsx"),
  route("account", "routes/account/overview.tsx"),
  route("account/profile", "routes/account/profile.tsx"),
  route("account/dollar", "routes/account/dollar.tsx"),
  route("unsubscribe", "routes/shop/unsubscribe.tsx"),
  route("404", "routes/shop/not-found.tsx", { id: "not-found-page" }),
  route("*", "routes/shop/not-found.tsx", { id: "catch-all" }),
];

/** A route and its children with ids of their own, "en/" before the id React Router would give. */
function inEnglish(entry: RouteConfigEntry): RouteConfigEntry {
  const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
  return { ...entry, id: `en/${id}`, children: entry.children?.map(inEnglish) };
}

/** Every URL of the shop (SPEC §2); each later issue adds its own routes here. */
export default [
  layout("routes/shop/layout.tsx", storefront),
  ...prefix("en", [inEnglish(layout("routes/shop/layout.tsx", storefront))]),
  // Back office (SPEC §2): outside the shop layout; every loader and action checks for an admin.
  // The frame is a route of its own at /admin rather than a layout under a prefix, so that matching
  // a storefront address gives up on each back-office route at its first segment.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("member", "routes/admin/member.tsx"),
    route("member/:id", "routes/admin/member-edit.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("sales", "routes/admin/sales.tsx"),
    route("store-credit", "routes/admin/store-credit.tsx"),
    route("notifications", "routes/admin/notifications.tsx"),
    // The shop's own storefront: home carousel, home popup, top banner (issue 27 item 6).
    route("banner", "routes/admin/banner.tsx"),
    route("banner/new", "routes/admin/banner-edit.tsx", { id: "admin-banner-new" }),
    route("banner/:id", "routes/admin/banner-edit.tsx", { id: "admin-banner-edit" }),
    route("dollar", "routes/admin/dollar.tsx"),
    route("payment-review", "routes/admin/payment-review.tsx"),
    route("refunds", "routes/admin/refunds.tsx"),
    // Campaign emails (issue 7 item 3): history, compose (new and draft), progress.
    route("email", "routes/admin/email.tsx"),
    route("email/new", "routes/admin/email-compose.tsx", { id: "admin-email-new" }),
    route("email/:id/edit", "routes/admin/email-compose.tsx", { id: "admin-email-edit" }),
    route("email/:id", "routes/admin/email-campaign.tsx"),
    route("product", "routes/admin/product.tsx"),
    route("product/:id", "routes/admin/product-edit.tsx"),
    route("add-product", "routes/admin/add-product.tsx"),
    route("feedback", "routes/admin/feedback.tsx"),
    route("feedback/:id", "routes/admin/feedback-detail.tsx"),
    route("category", "routes/admin/category.tsx"),
    route("merchant", "routes/admin/merchant.tsx"),
    route("merchant/new", "routes/admin/merchant-edit.tsx", { id: "admin-merchant-new" }),
    route("merchant/:id", "routes/admin/merchant-edit.tsx", { id: "admin-merchant-edit" }),
    route("brand", "routes/admin/brand.tsx"),
    route("brand/new", "routes/admin/brand-edit.tsx", { id: "admin-brand-new" }),
    route("brand/:id", "routes/admin/brand-edit.tsx", { id: "admin-brand-edit" }),
    route("stock", "routes/admin/stock.tsx"),
    route("stock/import/:id", "routes/admin/stock-import.tsx"),
    // Pickup points and their districts (issue 5 item 6, DESIGN §4.13).
    route("location", "routes/admin/location.tsx"),
    route("location/new", "routes/admin/location-edit.tsx", { id: "admin-location-new" }),
    route("location/:id", "routes/admin/location-edit.tsx", { id: "admin-location-edit" }),
    route("location-district", "routes/admin/location-district.tsx"),
    route("location-district/new", "routes/admin/location-district-edit.tsx", {
      id: "admin-location-district-new",
    }),
    route("location-district/:id", "routes/admin/location-district-edit.tsx", {
      id: "admin-location-district-edit",
    }),
    // Orders and discount codes (issue 5 item 6).
    route("order", "routes/admin/order.tsx"),
    route("order/:id", "routes/admin/order-detail.tsx"),
    route("discount", "routes/admin/discount.tsx"),
    route("discount/new", "routes/admin/discount-edit.tsx", { id: "admin-discount-new" }),
    route("discount/:id", "routes/admin/discount-edit.tsx", { id: "admin-discount-edit" }),
    // Order cycles, their settlement report and the weekly order (issue 6 items 1, 2, 3, 6).
    route("deadline", "routes/admin/deadline.tsx"),
    route("deadline/new", "routes/admin/deadline-edit.tsx", { id: "admin-deadline-new" }),
    route("deadline/:id", "routes/admin/deadline-edit.tsx", { id: "admin-deadline-edit" }),
    route("deadline/:id/report", "routes/admin/deadline-report.tsx"),
    // The weekly order's frame (cycle picker, summary, tabs) and one child route per view.
    route("weekly-order", "routes/admin/weekly-order.tsx", [
      index("routes/admin/weekly-order-products.tsx"),
      route("packing", "routes/admin/weekly-order-packing.tsx"),
      route("purchase", "routes/admin/weekly-order-purchase.tsx"),
      route("weighing", "routes/admin/weekly-order-weighing.tsx"),
    ]),
  ]),
  // Files and pages of the back office outside its frame.
  ...prefix("admin", [
    route("member/export.csv", "routes/admin/member-export.ts"),
    route("stock/export.csv", "routes/admin/stock-export.ts"),
    route("order/export.csv", "routes/admin/order-export.ts"),
    // Printed for a pickup point's staff: the orders alone, outside the back office frame.
    route("order/print", "routes/admin/order-print.tsx"),
    route("sales/export.csv", "routes/admin/sales-export.ts", { id: "admin-sales-csv" }),
    route("sales/export.xlsx", "routes/admin/sales-export.ts", { id: "admin-sales-xlsx" }),
    route("weekly-order/export.csv", "routes/admin/weekly-order-export.ts", { id: "admin-weekly-order-csv" }),
    route("weekly-order/export.xlsx", "routes/admin/weekly-order-export.ts", {
      id: "admin-weekly-order-xlsx",
    }),
    route("upload", "routes/admin/upload.ts"),
  ]),
  // The pickup-day console for pickup staff (issue 31 item 2): phone first, outside the back office.
  route("pickup", "routes/pickup/layout.tsx", [
    index("routes/pickup/console.tsx"),
    route("order/:code", "routes/pickup/order.tsx"),
  ]),
  route("logout", "routes/auth/logout.ts"),
  // Signing out of an English page goes home in English (decision 0054).
  route("en/logout", "routes/auth/logout.ts", { id: "en/logout" }),
  route("api/product/:id", "routes/api/product-details.ts"),
  route("payment/webhook/stripe", "routes/api/stripe-webhook.ts"),
  route("dev/outbox", "routes/api/dev-outbox.ts"),
  route("sitemap.xml", "routes/api/sitemap.ts"),
  route("robots.txt", "routes/api/robots.ts"),
  // Link previews of shared deals (issue 31 item 3): 1200×630 pictures drawn on the server.
  route("og/product/:file", "routes/og/share-image.ts", { id: "og-product" }),
  route("og/merchant/:file", "routes/og/share-image.ts", { id: "og-merchant" }),
  route("og/home.jpg", "routes/og/share-image.ts", { id: "og-home" }),
] satisfies RouteConfig;
