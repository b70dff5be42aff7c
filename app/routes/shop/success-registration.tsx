import { BookOpen, ChevronRight, Gift, ShoppingBasket } from "lucide-react";
import { Link } from "react-router";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { LandingPage } from "~/components/shop/content/landing-page.tsx";
import { PageHero } from "~/components/shop/content/page-hero.tsx";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import type { Route } from "./+types/success-registration.ts";

export const handle: PageHandle = { hideNav: true, background: "welcome", messages: ["member"] };

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nOf(matches);
  const title = `${t("welcome.title")} | ${t("shop.name")}`;
  const description = t("welcome.description");
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    // Reached only after registering: nothing here for search engines.
    { name: "robots", content: "noindex" },
  ];
};

const nextSteps = [
  { id: "shop", to: "/", icon: ShoppingBasket },
  { id: "guide", to: "/guide", icon: BookOpen },
  { id: "referral", to: "/referral", icon: Gift },
] as const;

export default function SuccessRegistration() {
  const { t, to } = useI18n();
  return (
    <LandingPage>
      <PageHero eyebrow={t("welcome.title")} title={t("welcome.headline")} lead={t("welcome.lead")} />

      <ul className="grid gap-3 sm:grid-cols-3">
        {nextSteps.map(({ id, to: path, icon: Icon }) => (
          <li key={id}>
            <Link
              to={to(path)}
              className="flex h-full items-center gap-3 rounded-2xl bg-white p-5 shadow-sm ring-brand-300 hover:ring-2 sm:flex-col sm:items-start"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="flex-1">
                <span className="block text-lg font-bold text-brand-900">
                  {t(`welcome.next.${id}.title`)}
                </span>
                <span className="mt-1 block text-sm leading-6 text-stone-700">
                  {t(`welcome.next.${id}.body`)}
                </span>
              </span>
              <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-brand-600 sm:hidden" />
            </Link>
          </li>
        ))}
      </ul>

      <p className="rounded-2xl bg-white/70 p-4 text-sm leading-6 text-stone-700">
        {t("welcome.tip")}{" "}
        <Link to={to("/location")} className="font-semibold text-brand-700 underline">
          {t("welcome.tipLink")}
        </Link>
      </p>
    </LandingPage>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
