import type { PageHandle } from "~/components/layout/page-handle.ts";
import { contentMeta } from "~/components/shop/content/meta.ts";
import { WholeCutPage } from "~/components/shop/content/whole-cut-page.tsx";
import { t } from "~/i18n/pages.ts";
import type { Route } from "./+types/whole-piece.ts";

export const handle: PageHandle = { hideNav: true };

export const meta: Route.MetaFunction = () =>
  contentMeta(t("page.wholeBeef.title"), t("page.wholeBeef.description"));

/** Whole-cut beef (SPEC §2 "selected shops"). */
export default function WholePieceBeef() {
  return (
    <WholeCutPage
      meat="beef"
      example={{ unitPrice: 8800, estimate: 250, actual: 238 }}
      shopHref="/product?cat=beef"
    />
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
