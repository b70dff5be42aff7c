import { X } from "lucide-react";
import { useLocation } from "react-router";
import {
  type OpenCycleView,
  type ProductCardView,
  type ProductDetailsView,
  stockState,
} from "~/domain/catalogue/catalogue.ts";
import { groupRefundPerUnit } from "~/domain/shared/pricing.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { AddToCartButton } from "./add-to-cart-button.tsx";
import { searchWithProduct } from "./drawer-url.ts";
import { GroupStatus } from "./group-progress.tsx";
import { ModeBadge } from "./mode-badge.tsx";
import { PriceBlock } from "./price-block.tsx";
import { ProductLinks } from "./product-card.tsx";
import { ProductImage } from "./product-image.tsx";
import { ShareButton } from "./share-button.tsx";
import { StockNote } from "./stock-note.tsx";

/**
 * Everything the drawer shows about one product: pictures, prices, progress, stock, links. What the
 * card had shows at once; the description, English name, other pictures and limit per member when
 * `details` arrive (undefined while they load).
 */
export default function ProductDetails({
  product,
  details,
  cycle,
  onClose,
}: {
  product: ProductCardView;
  details: ProductDetailsView | null | undefined;
  cycle: OpenCycleView | null;
  onClose: () => void;
}) {
  const location = useLocation();
  const { t, money, unit, cutoff, day, locale } = useI18n();
  const group = product.mode !== "instock";
  const refund = groupRefundPerUnit(product);
  return (
    <div className="relative sm:grid sm:grid-cols-2">
      {/* A GET form for the page without the drawer: it closes before the scripts arrive, or without them. */}
      <form
        method="get"
        action={location.pathname}
        onSubmit={(event) => {
          event.preventDefault();
          onClose();
        }}
        className="absolute top-3 right-3 z-10 flex"
      >
        {[...new URLSearchParams(searchWithProduct(location.search, null))].map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <button
          type="submit"
          className="rounded-full bg-white/90 p-1.5 shadow ring-1 ring-stone-200 hover:bg-white"
          aria-label={t("product.close")}
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </form>
      <Gallery name={product.name} images={details?.images ?? (product.image ? [product.image] : [])} />
      <div className="space-y-4 p-4 sm:p-6">
        <div className="space-y-1 pr-10 sm:pr-6">
          <p className="flex flex-wrap items-center gap-2">
            <ModeBadge mode={product.mode} />
            {product.ageRestricted ? (
              <span className="rounded-full bg-stone-900 px-2 py-0.5 text-xs font-bold text-white">
                {t("product.age")}
              </span>
            ) : null}
          </p>
          <h2
            id="product-drawer-title"
            className="text-xl font-bold leading-7 text-stone-900"
            lang={product.nameLang}
          >
            {product.name}
          </h2>
          {/* The other language's name beneath: on an English page the name is the English one already. */}
          {details?.nameEn && locale !== "en" ? (
            <p className="text-sm text-stone-500" lang="en">
              {details.nameEn}
            </p>
          ) : null}
        </div>
        <PriceBlock product={product} size="drawer" />
        <p className="rounded-lg bg-brand-50 p-3 text-sm leading-6 text-stone-700">
          <span className="block font-semibold text-brand-800">{t("product.howPriced")}</span>
          {product.mode === "general"
            ? t("product.payable.general", {
                unit: unit(product.unit),
                refund: money(refund),
              })
            : t(`product.payable.${product.mode}`)}
        </p>
        {group ? (
          <div className="space-y-1.5">
            <GroupStatus product={product} cutoffAt={cycle?.cutoffAt ?? null} />
            {cycle ? (
              <p className="text-xs text-stone-600">
                {t("product.cutoffAt", { time: cutoff(new Date(cycle.cutoffAt)) })}
                <br />
                {t("product.pickup", {
                  from: day(cycle.pickupFrom),
                  to: day(cycle.pickupTo),
                })}
              </p>
            ) : null}
          </div>
        ) : null}
        <StockNote product={product} />
        {details?.maxPerMember ? (
          <p className="text-xs text-stone-600">
            {t("product.maxPerMember", { count: details.maxPerMember })}
          </p>
        ) : null}
        {product.ageRestricted ? (
          <div className="rounded-lg border border-stone-300 p-3 text-xs leading-5 text-stone-700">
            <p className="font-semibold">{t("product.ageNote")}</p>
            <p>{t("product.liquorNotice")}</p>
          </div>
        ) : null}
        <div className="flex items-start gap-2">
          <AddToCartButton
            productId={product.id}
            soldOut={stockState(product.stock) === "soldOut"}
            className="flex-1"
          />
          <ShareButton product={product} cutoffAt={cycle?.cutoffAt ?? null} />
        </div>
        {details === undefined ? (
          <div
            className="h-20 animate-pulse rounded-lg bg-stone-100"
            aria-busy="true"
            data-testid="details-loading"
          />
        ) : details?.description ? (
          <section aria-labelledby="product-drawer-description" className="space-y-1">
            <h3 id="product-drawer-description" className="text-sm font-semibold text-brand-800">
              {t("product.description")}
            </h3>
            <p className="text-sm leading-6 text-stone-700" lang={details.descriptionLang}>
              {details.description}
            </p>
          </section>
        ) : null}
        <ProductLinks product={product} />
      </div>
    </div>
  );
}

/**
 * All pictures: swiped sideways on phones, the next one peeking in so there is clearly more
 * (CSS scroll snap: no carousel script); one under another beside the details on wider screens.
 */
function Gallery({ name, images: pictures }: { name: string; images: string[] }) {
  const { t } = useI18n();
  const images = pictures.length > 0 ? pictures : [undefined];
  const several = images.length > 1;
  return (
    <ul
      aria-label={t("product.images")}
      // Several pictures scroll sideways on phones: the keyboard must be able to scroll them too.
      tabIndex={several ? 0 : undefined}
      className="flex snap-x snap-mandatory gap-1 overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-700 sm:flex-col sm:gap-0 sm:overflow-visible"
      data-testid="product-gallery"
    >
      {images.map((src, index) => (
        <li key={src ?? index} className={`shrink-0 snap-start ${several ? "w-[86%] sm:w-full" : "w-full"}`}>
          <ProductImage
            src={src}
            alt={t("product.imageAlt", {
              name,
              picture: t("product.image", { index: index + 1, total: images.length }),
            })}
            sizes="(min-width: 640px) 24rem, 100vw"
            priority={index === 0 ? "high" : "lazy"}
            className="w-full"
          />
        </li>
      ))}
    </ul>
  );
}
