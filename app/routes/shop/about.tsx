import { HandCoins, Leaf, MapPin, Store } from "lucide-react";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { ContentSection } from "~/components/shop/content/content-section.tsx";
import { CtaLink } from "~/components/shop/content/cta-link.tsx";
import { FoodRanges } from "~/components/shop/content/food-ranges.tsx";
import { contentMeta } from "~/components/shop/content/meta.ts";
import { PageHero } from "~/components/shop/content/page-hero.tsx";
import { aboutText as text } from "~/i18n/catalogue/pages/about.ts";
import { t } from "~/i18n/pages.ts";
import type { Route } from "./+types/about.ts";

export const handle: PageHandle = { background: "about" };

export const meta: Route.MetaFunction = () => contentMeta(t("page.about.title"), t("page.about.description"));

const benefits = [
  { id: "price", icon: HandCoins },
  { id: "pickup", icon: MapPin },
  { id: "local", icon: Store },
  { id: "waste", icon: Leaf },
] as const;

export default function About() {
  return (
    <div className="space-y-6">
      <PageHero eyebrow={text.eyebrow} title={t("page.about.title")} lead={text.lead} />

      <ContentSection id="who" title={text.who.title}>
        {text.who.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </ContentSection>

      <ContentSection id="range" title={text.range.title}>
        <p>{text.range.lead}</p>
        <FoodRanges />
      </ContentSection>

      <ContentSection id="neighbours" title={text.neighbours.title}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {benefits.map(({ id, icon: Icon }) => (
            <li key={id} className="flex gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold text-brand-900">{text.neighbours[id].title}</h3>
                <p className="mt-1 text-sm leading-6">{text.neighbours[id].body}</p>
              </div>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="promise" title={text.promise.title}>
        <ul className="list-disc space-y-2 pl-5">
          {text.promise.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </ContentSection>

      <section
        aria-labelledby="about-cta"
        className="rounded-2xl bg-brand-800 px-5 py-8 text-center text-white sm:px-8"
      >
        <h2 id="about-cta" className="text-xl font-bold">
          {text.cta.title}
        </h2>
        <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
          <CtaLink to="/guide" variant="secondary">
            {text.cta.guide}
          </CtaLink>
          <CtaLink to="/location" variant="secondary">
            {text.cta.location}
          </CtaLink>
          <CtaLink to="/cooperation" variant="secondary">
            {text.cta.cooperation}
          </CtaLink>
        </div>
      </section>
    </div>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
