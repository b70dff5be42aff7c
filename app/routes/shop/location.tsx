import type { PageHandle } from "~/components/layout/page-handle.ts";
import { LocationBanner } from "~/components/shop/location/location-banner.tsx";
import { PickupAreaList } from "~/components/shop/location/pickup-area-list.tsx";
import { inLanguage } from "~/domain/shared/content-language.ts";
import { pickupAreasInLanguage } from "~/domain/site/pickup-point.ts";
import { localeOfPath } from "~/i18n/locale.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import type { Route } from "./+types/location.ts";

export const handle: PageHandle = { messages: ["location"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site } = context.services;
  const { content } = context.services.site;
  const [areas, banners] = await Promise.all([content.pickupAreas(), site.listBanners("location")]);
  // Names, addresses and hours in English on /en where the back office gave them (issue 48 item 2).
  const english = localeOfPath(new URL(request.url).pathname) === "en";
  const banner = banners.find((row) => row.imageDesktop && row.imageMobile);
  return {
    areas: pickupAreasInLanguage(areas, english).map(({ districts, ...area }) => ({
      ...area,
      districts: districts.map(({ points, ...district }) => ({
        ...district,
        points: points.map(({ bannerDesktop: _desktop, ...point }) => point),
      })),
    })),
    banner:
      banner?.imageDesktop && banner.imageMobile
        ? inLanguage(
            {
              title: banner.title,
              titleEn: banner.titleEn,
              subtitle: banner.subtitle,
              subtitleEn: banner.subtitleEn,
              imageDesktop: banner.imageDesktop,
              imageMobile: banner.imageMobile,
            },
            ["title", "subtitle"],
            english,
          )
        : null,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nOf(matches);
  return [
    { title: t("page.location.title") },
    { name: "description", content: t("page.location.description") },
  ];
};

export default function Location({ loaderData }: Route.ComponentProps) {
  const { areas, banner } = loaderData;
  const { t } = useI18n();
  return (
    <>
      {banner ? <LocationBanner banner={banner} /> : null}
      <h1 className="mt-6 text-2xl font-bold text-brand-900">{t("location.heading")}</h1>
      <p className="mt-2 leading-7 text-stone-700">{t("location.intro")}</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm leading-6 text-stone-700">
        <li>{t("location.rules.charge")}</li>
        <li>{t("location.rules.free")}</li>
        <li>{t("location.rules.share")}</li>
      </ul>
      {areas.length > 0 ? (
        <PickupAreaList areas={areas} />
      ) : (
        <p className="mt-8 rounded-xl bg-white p-6 text-center text-stone-600 shadow-sm">
          {t("location.empty")}
        </p>
      )}
    </>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
