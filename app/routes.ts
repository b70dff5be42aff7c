import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

/** Every URL of the shop (SPEC §2); each later issue adds its own routes here. */
export default [
  layout("routes/shop/layout.tsx", [
    index("routes/shop/home.tsx"),
    route("about", "routes/shop/about.tsx"),
    route("guide", "routes/shop/guide.tsx"),
    route("qa", "routes/shop/qa.tsx"),
    route("terms-and-conditions", "routes/shop/terms.tsx"),
    route("referral", "routes/shop/referral.tsx"),
    route("location", "routes/shop/location.tsx"),
    route("cooperation", "routes/shop/cooperation.tsx"),
    route("survey", "routes/shop/survey.tsx"),
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
    route("login", "routes/auth/login.tsx"),
    route("register", "routes/auth/register.tsx"),
    route("account", "routes/account/overview.tsx"),
    route("account/profile", "routes/account/profile.tsx"),
    route("404", "routes/shop/not-found.tsx", { id: "not-found-page" }),
    route("*", "routes/shop/not-found.tsx", { id: "catch-all" }),
  ]),
  // Back office (SPEC §2): outside the shop layout; every loader and action checks for an admin.
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("member", "routes/admin/members.tsx"),
      route("member/:id", "routes/admin/member-edit.tsx"),
      route("settings", "routes/admin/settings.tsx"),
    ]),
    route("member/export.csv", "routes/admin/member-export.ts"),
  ]),
  route("logout", "routes/auth/logout.ts"),
  route("api/page-view", "routes/api/page-view.ts"),
  route("dev/outbox", "routes/api/dev-outbox.ts"),
  route("sitemap.xml", "routes/api/sitemap.ts"),
  route("robots.txt", "routes/api/robots.ts"),
] satisfies RouteConfig;
