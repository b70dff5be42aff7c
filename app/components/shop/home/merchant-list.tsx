import { MapPin, Truck } from "lucide-react";
import { Link } from "react-router";
import { Picture } from "~/components/shop/picture.tsx";
import type { ContentLang } from "~/domain/shared/content-language.ts";
import { useI18n } from "~/i18n/use-i18n.ts";

export interface MerchantCard {
  id: number;
  /** Name and address in the page's language, or the Chinese marked (issue 48 item 2). */
  name: string;
  nameLang?: ContentLang;
  slug: string;
  logo: string | null;
  address: string;
  addressLang?: ContentLang;
  freeDelivery: boolean;
}

/** Partner shops; their names and addresses are shop content (`lang` on English pages). */
export function MerchantList({ merchants }: { merchants: MerchantCard[] }) {
  const { t, to } = useI18n();
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {merchants.map((merchant) => (
        <li key={merchant.id}>
          <Link
            to={to(`/merchant/${encodeURIComponent(merchant.slug)}/${merchant.id}`)}
            className="flex h-full items-center gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-stone-200 transition hover:shadow-md hover:ring-brand-300"
          >
            <Logo src={merchant.logo} className="size-14" />
            <span className="min-w-0 flex-1">
              <span className="block font-semibold text-stone-900" lang={merchant.nameLang}>
                {merchant.name}
              </span>
              {merchant.address ? (
                <span className="mt-0.5 flex items-start gap-1 text-xs leading-5 text-stone-600">
                  <MapPin className="mt-0.5 size-3.5 shrink-0" aria-hidden />
                  <span lang={merchant.addressLang}>{merchant.address}</span>
                </span>
              ) : null}
              {merchant.freeDelivery ? (
                <span className="mt-1 inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
                  <Truck className="size-3.5" aria-hidden />
                  {t("home.merchants.freeDelivery")}
                </span>
              ) : null}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function Logo({ src, className }: { src: string | null; className: string }) {
  return (
    <Picture
      src={src}
      sizes="4rem"
      width={320}
      height={320}
      lazy
      className={`shrink-0 rounded-full object-cover ${className}`}
      placeholder={`shrink-0 rounded-full bg-brand-100 ${className}`}
    />
  );
}
