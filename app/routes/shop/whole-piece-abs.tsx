import type { PageHandle } from "~/components/layout/page-handle.ts";
import { pageMeta } from "~/components/shop/content/page-meta.ts";
import { exampleWeighing, WholeCutPage } from "~/components/shop/content/whole-cut-page.tsx";
import { i18nOf } from "~/i18n/use-i18n.ts";
import type { Route } from "./+types/whole-piece-abs.ts";

// The worked example's words are the guide's.
export const handle: PageHandle = { hideNav: true, messages: ["pages", "guide"] };

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nOf(matches);
  return pageMeta(i18n, i18n.t("page.wholePork.title"), i18n.t("page.wholePork.description"));
};

/** The weighing example's amounts, by checkout's and settlement's own rules (decision 0037). */
export async function loader({ context }: Route.LoaderArgs) {
  return context.services.cycles.examples.weighedPiece(exampleWeighing("pork"));
}

/** Whole-cut pork (SPEC §2 "selected shops"). */
export default function WholePiecePork({ loaderData }: Route.ComponentProps) {
  return <WholeCutPage meat="pork" amounts={loaderData} shopHref="/product?cat=pork" />;
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
