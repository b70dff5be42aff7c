import { localePath } from "~/i18n/locale.ts";
import type { Route } from "./+types/robots.ts";

/** Private and transactional paths stay out of search results; everything else may be crawled. */
const disallowed = [
  "/admin",
  "/account",
  "/cart",
  "/order",
  "/invoice",
  "/payment",
  "/login",
  "/register",
  "/success-registration",
  "/logout",
  "/api/",
  "/dev/",
];

export function loader({ request, context }: Route.LoaderArgs) {
  const origin = context.services.catalogue.publicOrigin(request.url);
  const body = [
    "User-agent: *",
    ...disallowed.map((path) => `Disallow: ${path}`),
    // The storefront's English pages (decision 0054).
    ...disallowed
      .filter((path) => !/^\/(admin|logout|api|dev)\b/.test(path))
      .map((path) => `Disallow: ${localePath("en", path)}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=86400" },
  });
}
