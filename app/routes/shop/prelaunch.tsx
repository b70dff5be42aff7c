import { HandCoins, MapPin, RotateCcw } from "lucide-react";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { ContentSection } from "~/components/shop/content/content-section.tsx";
import { CtaLink } from "~/components/shop/content/cta-link.tsx";
import { FoodRanges } from "~/components/shop/content/food-ranges.tsx";
import { LandingPage } from "~/components/shop/content/landing-page.tsx";
import { PageHero } from "~/components/shop/content/page-hero.tsx";
import { pageMeta } from "~/components/shop/content/page-meta.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import type { Route } from "./+types/prelaunch.ts";

export const handle: PageHandle = { hideNav: true, messages: ["pages"] };

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nOf(matches);
  return pageMeta(i18n, i18n.t("page.prelaunch.title"), i18n.t("page.prelaunch.description"));
};

const reasons = [
  { id: "price", icon: HandCoins },
  { id: "pickup", icon: MapPin },
  { id: "refund", icon: RotateCcw },
] as const;

export default function Prelaunch() {
  const { t } = useI18n();
  return (
    <LandingPage>
      <PageHero eyebrow={t("prelaunch.eyebrow")} title={t("prelaunch.headline")} lead={t("prelaunch.lead")}>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <CtaLink to="/register">{t("prelaunch.join.register")}</CtaLink>
          <CtaLink to="/guide" variant="secondary">
            {t("prelaunch.join.guide")}
          </CtaLink>
        </div>
      </PageHero>

      <ContentSection id="range" title={t("prelaunch.range.title")}>
        <FoodRanges />
      </ContentSection>

      <ContentSection id="why" title={t("prelaunch.why.title")}>
        <ul className="grid gap-4 sm:grid-cols-3">
          {reasons.map(({ id, icon: Icon }) => (
            <li key={id} className="flex gap-3 sm:flex-col">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold text-brand-900">{t(`prelaunch.why.${id}.title`)}</h3>
                <p className="mt-1 text-sm leading-6">{t(`prelaunch.why.${id}.body`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </ContentSection>

      <section
        aria-labelledby="prelaunch-join"
        className="rounded-2xl bg-brand-800 px-5 py-8 text-center text-white sm:px-8"
      >
        <h2 id="prelaunch-join" className="text-xl font-bold">
          {t("prelaunch.join.title")}
        </h2>
        <p className="mx-auto mt-2 max-w-xl leading-7 text-brand-100">{t("prelaunch.join.body")}</p>
        <div className="mt-5">
          <CtaLink to="/register" variant="secondary">
            {t("prelaunch.join.register")}
          </CtaLink>
        </div>
      </section>
    </LandingPage>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
