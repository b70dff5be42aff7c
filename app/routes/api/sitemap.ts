import { listingPaths } from "~/domain/catalogue/catalogue.ts";
import { localePath } from "~/i18n/locale.ts";
import type { Route } from "./+types/sitemap.ts";

/** Public pages worth indexing (account, cart, sign-in and back office pages are left out). */
const fixedPages = [
  "/",
  listingPaths.all,
  listingPaths.general,
  listingPaths.limited,
  listingPaths.instock,
  "/collection",
  "/location",
  "/guide",
  "/about",
  "/referral",
  "/qa",
  "/terms-and-conditions",
  "/cooperation",
  "/whole-piece",
  "/whole-piece-abs",
];

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** /sitemap.xml: fixed pages, every category, brand and merchant page, and every product on sale. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { catalogue } = context.services;
  const origin = catalogue.publicOrigin(request.url);
  const entries = await catalogue.sitemapEntries();
  const urls: { path: string; lastmod?: Date }[] = [
    ...fixedPages.map((path) => ({ path })),
    ...entries.categories.map(({ cat, subcat }) => ({
      path: `/product?${new URLSearchParams(subcat ? { cat, subcat } : { cat })}`,
    })),
    ...entries.brands.map(({ slug }) => ({ path: `/product?${new URLSearchParams({ collection: slug })}` })),
    ...entries.merchants.map(({ id, slug, updatedAt }) => ({
      path: `/merchant/${encodeURIComponent(slug)}/${id}`,
      lastmod: updatedAt,
    })),
    ...entries.products.map(({ id, updatedAt }) => ({ path: `/all?product=${id}`, lastmod: updatedAt })),
  ];
  // Each page in both languages (issue 48), each entry naming the other as its alternate.
  const alternates = (path: string) =>
    [
      ["zh-HK", path],
      ["en", localePath("en", path)],
    ]
      .map(
        ([lang, href]) =>
          `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(origin + href)}"/>`,
      )
      .join("");
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls.flatMap(({ path, lastmod }) =>
      [path, localePath("en", path)].map(
        (loc) =>
          `<url><loc>${escapeXml(origin + loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}${alternates(path)}</url>`,
      ),
    ),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "content-type": "application/xml; charset=utf-8",
      "cache-control": "public, max-age=3600",
    },
  });
}
