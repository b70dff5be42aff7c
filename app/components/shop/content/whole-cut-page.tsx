import { formatCents } from "~/domain/shared/money.ts";
import { weighingText } from "~/i18n/catalogue/pages/weighing.ts";
import { wholePieceText } from "~/i18n/catalogue/pages/whole-piece.ts";
import { t } from "~/i18n/pages.ts";
import { ContentSection } from "./content-section.tsx";
import { CtaLink } from "./cta-link.tsx";
import { fill } from "./format.ts";
import { LandingPage } from "./landing-page.tsx";
import { PageHero } from "./page-hero.tsx";
import { StepList } from "./step-list.tsx";
import { WorkedExample } from "./worked-example.tsx";

type WholeCutMeat = "beef" | "pork";

interface WholeCutExample {
  /** Group price per pound, in cents. */
  unitPrice: number;
  /** Weights in hundredths of a pound, so the arithmetic stays in whole numbers. */
  estimate: number;
  actual: number;
}

/** Each page's weighing example. */
const examples: Record<WholeCutMeat, WholeCutExample> = {
  beef: { unitPrice: 8800, estimate: 250, actual: 238 },
  pork: { unitPrice: 5800, estimate: 200, actual: 186 },
};

/** A page's example as settlement's weighing takes it (the page's loader asks it for the amounts). */
export function exampleWeighing(meat: WholeCutMeat) {
  const example = examples[meat];
  return {
    unitPriceCents: example.unitPrice,
    estimatedWeight: example.estimate / 100,
    actualWeight: example.actual / 100,
  };
}

/** The example's amounts, worked out on the server by checkout's and settlement's own rules. */
export interface WholeCutAmounts {
  chargedCents: number;
  finalCents: number;
}

const pounds = (hundredths: number) => fill(weighingText.pounds, { weight: hundredths / 100 });

/** The landing page of a whole-cut shop (/whole-piece, /whole-piece-abs): cuts, splitting, weighing. */
export function WholeCutPage({
  meat,
  amounts: { chargedCents: charged, finalCents: final },
  shopHref,
}: {
  meat: WholeCutMeat;
  amounts: WholeCutAmounts;
  shopHref: string;
}) {
  const text = wholePieceText[meat];
  const example = examples[meat];

  return (
    <LandingPage>
      <PageHero eyebrow={text.eyebrow} title={text.headline} lead={text.lead}>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <CtaLink to={shopHref}>{text.shop}</CtaLink>
          <CtaLink to="/" variant="secondary">
            {t("page.landing.backHome")}
          </CtaLink>
        </div>
      </PageHero>

      <ContentSection id="cuts" title={wholePieceText.cutsTitle}>
        <ul className="grid gap-3 sm:grid-cols-2">
          {text.cuts.map((cut) => (
            <li key={cut.name} className="rounded-xl bg-brand-50 p-4 sm:last:odd:col-span-2">
              <h3 className="text-lg font-bold text-brand-900">{cut.name}</h3>
              <p className="mt-1 text-sm leading-6">{cut.body}</p>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="process" title={wholePieceText.process.title}>
        <StepList steps={wholePieceText.process.items} />
      </ContentSection>

      <ContentSection id="refund" title={wholePieceText.refund.title}>
        <p>{wholePieceText.refund.body}</p>
        <WorkedExample
          title={t("page.example", {
            product: fill(text.exampleProduct, { weight: example.estimate / 100 }),
          })}
          rows={[
            { label: weighingText.unitPrice, value: formatCents(example.unitPrice) },
            { label: weighingText.estimate, value: pounds(example.estimate) },
            { label: weighingText.charged, value: formatCents(charged) },
            { label: weighingText.actual, value: pounds(example.actual) },
            { label: weighingText.final, value: formatCents(final) },
          ]}
          outcomes={[
            { text: fill(weighingText.outcome, { refund: formatCents(charged - final) }), tone: "good" },
          ]}
        />
      </ContentSection>

      <ContentSection id="storage" title={wholePieceText.storage.title}>
        <ul className="list-disc space-y-1 pl-5">
          {wholePieceText.storage.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </ContentSection>

      <nav aria-label={wholePieceText.more} className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <CtaLink to={shopHref}>{text.shop}</CtaLink>
        <CtaLink to="/guide" variant="secondary">
          {wholePieceText.guideLink}
        </CtaLink>
        <CtaLink to="/" variant="secondary">
          {t("page.landing.backHome")}
        </CtaLink>
      </nav>
    </LandingPage>
  );
}
