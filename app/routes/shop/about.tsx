import { HandCoins, Leaf, MapPin, Store } from "lucide-react";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { ContentSection } from "~/components/shop/content/content-section.tsx";
import { CtaLink } from "~/components/shop/content/cta-link.tsx";
import { FoodRanges } from "~/components/shop/content/food-ranges.tsx";
import { contentMeta } from "~/components/shop/content/meta.ts";
import { PageHero } from "~/components/shop/content/page-hero.tsx";
import { type MessageKey, t } from "~/i18n/index.ts";
import type { Route } from "./+types/about.ts";

export const handle: PageHandle = { background: "about" };

export const meta: Route.MetaFunction = () => contentMeta(t("page.about.title"), t("page.about.description"));

const benefits = [
  { id: "price", icon: HandCoins },
  { id: "pickup", icon: MapPin },
  { id: "local", icon: Store },
  { id: "waste", icon: Leaf },
] as const;

const promises: MessageKey[] = [
  "page.about.promise.item1",
  "page.about.promise.item2",
  "page.about.promise.item3",
  "page.about.promise.item4",
];

export default function About() {
  return (
    <div className="space-y-6">
      <PageHero eyebrow={t("page.about.eyebrow")} title={t("page.about.title")} lead={t("page.about.lead")} />

      <ContentSection id="who" title={t("page.about.who.title")}>
        <p>{t("page.about.who.body1")}</p>
        <p>{t("page.about.who.body2")}</p>
      </ContentSection>

      <ContentSection id="range" title={t("page.about.sell.title")}>
        <p>{t("page.about.sell.lead")}</p>
        <FoodRanges />
      </ContentSection>

      <ContentSection id="neighbours" title={t("page.about.help.title")}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {benefits.map(({ id, icon: Icon }) => (
            <li key={id} className="flex gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold text-brand-900">{t(`page.about.help.${id}.title`)}</h3>
                <p className="mt-1 text-sm leading-6">{t(`page.about.help.${id}.body`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="promise" title={t("page.about.promise.title")}>
        <ul className="list-disc space-y-2 pl-5">
          {promises.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      </ContentSection>

      <section
        aria-labelledby="about-cta"
        className="rounded-2xl bg-brand-800 px-5 py-8 text-center text-white sm:px-8"
      >
        <h2 id="about-cta" className="text-xl font-bold">
          {t("page.about.cta.title")}
        </h2>
        <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
          <CtaLink to="/guide" variant="secondary">
            {t("page.about.cta.guide")}
          </CtaLink>
          <CtaLink to="/location" variant="secondary">
            {t("page.about.cta.location")}
          </CtaLink>
          <CtaLink to="/cooperation" variant="secondary">
            {t("page.about.cta.cooperation")}
          </CtaLink>
        </div>
      </section>
    </div>
  );
}
