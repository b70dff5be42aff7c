import { HandCoins, Leaf, MapPin, Store } from "lucide-react";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { ContentSection } from "~/components/shop/content/content-section.tsx";
import { CtaLink } from "~/components/shop/content/cta-link.tsx";
import { FoodRanges } from "~/components/shop/content/food-ranges.tsx";
import { PageHero } from "~/components/shop/content/page-hero.tsx";
import { pageMeta } from "~/components/shop/content/page-meta.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import type { Route } from "./+types/about.ts";

export const handle: PageHandle = { background: "about", messages: ["pages"] };

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nOf(matches);
  return pageMeta(i18n, i18n.t("page.about.title"), i18n.t("page.about.description"));
};

const benefits = [
  { id: "price", icon: HandCoins },
  { id: "pickup", icon: MapPin },
  { id: "local", icon: Store },
  { id: "waste", icon: Leaf },
] as const;

const promises = [1, 2, 3, 4] as const;

export default function About() {
  const { t } = useI18n();
  return (
    <div className="space-y-6">
      <PageHero eyebrow={t("about.eyebrow")} title={t("page.about.title")} lead={t("about.lead")} />

      <ContentSection id="who" title={t("about.who.title")}>
        <p>{t("about.who.1")}</p>
        <p>{t("about.who.2")}</p>
      </ContentSection>

      <ContentSection id="range" title={t("about.range.title")}>
        <p>{t("about.range.lead")}</p>
        <FoodRanges />
      </ContentSection>

      <ContentSection id="neighbours" title={t("about.neighbours.title")}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {benefits.map(({ id, icon: Icon }) => (
            <li key={id} className="flex gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold text-brand-900">{t(`about.neighbours.${id}.title`)}</h3>
                <p className="mt-1 text-sm leading-6">{t(`about.neighbours.${id}.body`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="promise" title={t("about.promise.title")}>
        <ul className="list-disc space-y-2 pl-5">
          {promises.map((promise) => (
            <li key={promise}>{t(`about.promise.${promise}`)}</li>
          ))}
        </ul>
      </ContentSection>

      <section
        aria-labelledby="about-cta"
        className="rounded-2xl bg-brand-800 px-5 py-8 text-center text-white sm:px-8"
      >
        <h2 id="about-cta" className="text-xl font-bold">
          {t("about.cta.title")}
        </h2>
        <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
          <CtaLink to="/guide" variant="secondary">
            {t("about.cta.guide")}
          </CtaLink>
          <CtaLink to="/location" variant="secondary">
            {t("about.cta.location")}
          </CtaLink>
          <CtaLink to="/cooperation" variant="secondary">
            {t("about.cta.cooperation")}
          </CtaLink>
        </div>
      </section>
    </div>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
