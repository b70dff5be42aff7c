import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { HomeSection } from "~/components/shop/home/home-section.tsx";
import type { ProductCardView } from "~/domain/catalogue/catalogue.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { ProductGrid } from "./product-grid.tsx";

interface Sections {
  hot: ProductCardView[];
  closing: ProductCardView[];
  instock: ProductCardView[];
}

function ViewAll({ to: path }: { to: string }) {
  const { t, to } = useI18n();
  return (
    <p className="mt-3 text-right">
      <Link
        to={to(path)}
        className="inline-flex items-center gap-0.5 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        {t("home.viewAll")}
        <ChevronRight className="size-4" aria-hidden="true" />
      </Link>
    </p>
  );
}

/** The home page's product rows: hot group buys, limited buys closing at the cut-off, instock. */
export function HomeProducts({ sections, cutoffAt }: { sections: Sections; cutoffAt: string | null }) {
  const { t } = useI18n();
  const rows = [
    { id: "home-hot", title: t("home.hot.title"), products: sections.hot, more: "/all?sort=discount" },
    {
      id: "home-closing",
      title: t("home.closing.title"),
      products: sections.closing,
      more: "/limited?sort=ending",
    },
    { id: "home-instock", title: t("home.instock.title"), products: sections.instock, more: "/instock" },
  ];
  return (
    <>
      {rows
        .filter((row) => row.products.length > 0)
        .map((row) => (
          <HomeSection key={row.id} id={row.id} title={row.title}>
            <ProductGrid products={row.products} cutoffAt={cutoffAt} aboveFold={false} />
            <ViewAll to={row.more} />
          </HomeSection>
        ))}
    </>
  );
}
