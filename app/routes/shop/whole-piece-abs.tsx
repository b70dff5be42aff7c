import type { PageHandle } from "~/components/layout/page-handle.ts";
import { contentMeta } from "~/components/shop/content/meta.ts";
import { WholeCutPage } from "~/components/shop/content/whole-cut-page.tsx";
import { t } from "~/i18n/pages.ts";
import type { Route } from "./+types/whole-piece-abs.ts";

export const handle: PageHandle = { hideNav: true };

export const meta: Route.MetaFunction = () =>
  contentMeta(t("page.wholePork.title"), t("page.wholePork.description"));

/** Whole-cut pork (SPEC §2 "selected shops"). */
export default function WholePiecePork() {
  return (
    <WholeCutPage
      meat="pork"
      example={{ unitPrice: 5800, estimate: 200, actual: 186 }}
      shopHref="/product?cat=pork"
    />
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
