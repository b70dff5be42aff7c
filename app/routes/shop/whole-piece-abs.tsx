import type { PageHandle } from "~/components/layout/page-handle.ts";
import { contentMeta } from "~/components/shop/content/meta.ts";
import { exampleWeighing, WholeCutPage } from "~/components/shop/content/whole-cut-page.tsx";
import { t } from "~/i18n/pages.ts";
import type { Route } from "./+types/whole-piece-abs.ts";

export const handle: PageHandle = { hideNav: true };

export const meta: Route.MetaFunction = () =>
  contentMeta(t("page.wholePork.title"), t("page.wholePork.description"));

/** The weighing example's amounts, by checkout's and settlement's own rules (decision 0037). */
export async function loader({ context }: Route.LoaderArgs) {
  return context.services.cycles.examples.weighedPiece(exampleWeighing("pork"));
}

/** Whole-cut pork (SPEC §2 "selected shops"). */
export default function WholePiecePork({ loaderData }: Route.ComponentProps) {
  return <WholeCutPage meat="pork" amounts={loaderData} shopHref="/product?cat=pork" />;
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
