import { productDetailsInLanguage } from "~/domain/catalogue/product-language.ts";
import { parseRecordId } from "~/domain/shared/record-fields.ts";
import type { Route } from "./+types/product-details.ts";

/**
 * What the product drawer shows besides the card it was opened from (description, English name,
 * every picture, the limit per member), as JSON: fetched when the drawer opens, so a listing does
 * not send it with each of its 30 cards (issue 30 item 2). A product that is not published answers
 * 404 with null, which the drawer shows as no details. Cached for a minute: it changes only when
 * the back office edits the product. English pages ask with `?lang=en` (the description in English).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = parseRecordId(params.id);
  const details = id === null ? null : await context.services.catalogue.productDetails(id);
  if (!details) return Response.json(null, { status: 404 });
  const english = new URL(request.url).searchParams.get("lang") === "en";
  return Response.json(productDetailsInLanguage(details, english), {
    headers: { "Cache-Control": "public, max-age=60" },
  });
}
