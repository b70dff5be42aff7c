import type { PageHandle } from "~/components/layout/page-handle.ts";
import { contentMeta } from "~/components/shop/content/meta.ts";
import { exampleWeighing, WholeCutPage } from "~/components/shop/content/whole-cut-page.tsx";
import { t } from "~/i18n/pages.ts";
import type { Route } from "./+types/whole-piece.ts";

export const handle: PageHandle = { hideNav: true };

export const meta: Route.MetaFunction = () =>
  contentMeta(t("page.wholeBeef.title"), t("page.wholeBeef.description"));

/** The weighing example's amounts, by checkout's and settlement's own rules (decision 0037). */
export async function loader({ context }: Route.LoaderArgs) {
  return context.services.cycles.examples.weighedPiece(exampleWeighing("beef"));
}

/** Whole-cut beef (SPEC §2 "selected shops"). */
export default function WholePieceBeef({ loaderData }: Route.ComponentProps) {
  return <WholeCutPage meat="beef" amounts={loaderData} shopHref="/product?cat=beef" />;
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
