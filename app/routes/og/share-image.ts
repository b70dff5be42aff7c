import { parseRecordId } from "~/domain/shared/record-fields.ts";
import type { Locale } from "~/i18n/locale.ts";
import type { Route } from "./+types/share-image.ts";

/** `<id>.jpg` with an id PostgreSQL's integer can hold; anything else is not a picture of ours. */
function idOf(file: string | undefined): number | null {
  return parseRecordId(/^(\d+)\.jpg$/.exec(file ?? "")?.[1]);
}

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });

/**
 * Link previews (issue 31 item 3): /og/product/<id>.jpg, /og/merchant/<id>.jpg and /og/home.jpg,
 * 1200×630 JPEG. The page's og:image carries `?v=` of the values drawn, so a preview cached by
 * address still changes with the live buyer count; the ETag lets a client check for less. An
 * English page's picture carries `lang=en` (issue 48 item 4); any other value draws zh-HK.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { shareImages } = context.services.catalogue;
  const url = new URL(request.url);
  const kind = url.pathname.split("/")[2];
  const locale: Locale = url.searchParams.get("lang") === "en" ? "en" : "zh-HK";
  let image: Awaited<ReturnType<typeof shareImages.home>> | null;
  if (kind === "home.jpg") image = await shareImages.home(locale);
  else {
    const id = idOf(params.file);
    if (id === null) return notFound();
    image =
      kind === "product" ? await shareImages.product(id, locale) : await shareImages.merchant(id, locale);
  }
  if (!image) return notFound();
  const headers = {
    etag: image.etag,
    // Previews are fetched again at most every ten minutes; a new count has a new address anyway.
    "cache-control": "public, max-age=600",
    // Chat apps and social sites load it from their own servers.
    "cross-origin-resource-policy": "cross-origin",
  };
  if (request.headers.get("if-none-match") === image.etag)
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(image.body), {
    headers: { ...headers, "content-type": image.contentType, "content-length": String(image.body.length) },
  });
}
