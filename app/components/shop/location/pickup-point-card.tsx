import { Clock, MapPin, Truck, Users } from "lucide-react";
import { Picture } from "~/components/shop/picture.tsx";
import { withContent } from "~/components/shop/shop-content.tsx";
import type { PickupPointView } from "~/domain/site/pickup-point.ts";
import { useI18n } from "~/i18n/use-i18n.ts";

/** The card shows the mobile banner only. */
export type PickupPointCardData = Omit<PickupPointView, "bannerDesktop">;

/** Google Maps opens on the address; a plain link, so nothing loads from outside the shop. */
function mapUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/**
 * A pickup point's card; its name, address, hours and shop are shop content: in English on an
 * English page where given, else the Chinese with its `lang` (decision 0055).
 */
export function PickupPointCard({ point }: { point: PickupPointCardData }) {
  const i18n = useI18n();
  const { t, money } = i18n;
  const merchant = (key: "location.freeAt" | "location.hostedBy") =>
    withContent(i18n, key, { merchant: point.merchantName ?? "" }, { merchant: point.merchantNameLang });
  return (
    <li
      className="flex gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-stone-200 md:p-4"
      data-testid="pickup-point"
    >
      <Picture
        src={point.bannerMobile}
        sizes="6rem"
        width={800}
        height={400}
        lazy
        className="size-20 shrink-0 rounded-lg object-cover md:size-24"
      />
      <div className="min-w-0 flex-1">
        <h4 className="font-semibold text-stone-900" lang={point.nameLang}>
          {point.name}
        </h4>
        <dl className="mt-1 space-y-1 text-sm text-stone-700">
          <div className="flex items-start gap-1.5">
            <dt>
              <MapPin className="mt-0.5 size-4 text-brand-600" aria-hidden />
              <span className="sr-only">{t("location.address")}</span>
            </dt>
            <dd>
              <span lang={point.addressLang}>{point.address}</span>{" "}
              <a
                href={mapUrl(point.address)}
                target="_blank"
                rel="noopener noreferrer"
                className="whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-900"
              >
                <span aria-hidden="true">{t("location.map")}</span>
                {/* The link's name, with the point's own name marked in its language. */}
                <span className="sr-only">
                  {withContent(i18n, "location.mapLabel", { name: point.name }, { name: point.nameLang })}
                </span>
              </a>
            </dd>
          </div>
          <div className="flex items-start gap-1.5">
            <dt>
              <Clock className="mt-0.5 size-4 text-brand-600" aria-hidden />
              <span className="sr-only">{t("location.hours")}</span>
            </dt>
            <dd lang={point.hoursLang}>{point.hours}</dd>
          </div>
          <div className="flex items-start gap-1.5">
            <dt>
              <Truck className="mt-0.5 size-4 text-brand-600" aria-hidden />
              <span className="sr-only">{t("location.charge")}</span>
            </dt>
            <dd>
              {point.free ? (
                <>
                  <span className="rounded-full bg-emerald-50 px-2 py-0.5 font-semibold text-emerald-800">
                    {t("location.free")}
                  </span>
                  {point.merchantName ? (
                    <span className="ml-1.5 text-stone-600">{merchant("location.freeAt")}</span>
                  ) : null}
                </>
              ) : (
                <>
                  <span className="font-semibold text-stone-900">
                    {t("location.chargePerMember", { amount: money(point.deliveryChargeCents) })}
                  </span>
                  {point.merchantName ? (
                    <span className="block text-stone-600">{merchant("location.hostedBy")}</span>
                  ) : null}
                </>
              )}
            </dd>
          </div>
        </dl>
        {point.runFeeCents ? (
          <p className="mt-2 flex items-start gap-1.5 rounded-lg bg-amber-50 px-2 py-1.5 text-xs leading-5 text-amber-900">
            <Users className="mt-0.5 size-3.5 shrink-0" aria-hidden />
            {t("location.runFee", { amount: money(point.runFeeCents) })}
          </p>
        ) : null}
      </div>
    </li>
  );
}
