import type { PageHandle } from "~/components/layout/page-handle.ts";
import { contentMeta } from "~/components/shop/content/meta.ts";
import { type WholeCutExample, WholeCutPage } from "~/components/shop/content/whole-cut-page.tsx";
import { t } from "~/i18n/pages.ts";
import type { Route } from "./+types/whole-piece-abs.ts";

export const handle: PageHandle = { hideNav: true };

export const meta: Route.MetaFunction = () =>
  contentMeta(t("page.wholePork.title"), t("page.wholePork.description"));

const example: WholeCutExample = { unitPrice: 5800, estimate: 200, actual: 186 };

/** The weighing example's amounts, by checkout's and settlement's own rules (decision 0037). */
export async function loader({ context }: Route.LoaderArgs) {
  return context.services.settlementExamples.weighedPiece({
    unitPriceCents: example.unitPrice,
    estimatedWeight: example.estimate / 100,
    actualWeight: example.actual / 100,
  });
}

/** Whole-cut pork (SPEC §2 "selected shops"). */
export default function WholePiecePork({ loaderData }: Route.ComponentProps) {
  return <WholeCutPage meat="pork" example={example} amounts={loaderData} shopHref="/product?cat=pork" />;
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
