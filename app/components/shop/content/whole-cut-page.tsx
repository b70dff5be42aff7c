import { useI18n } from "~/i18n/use-i18n.ts";
import { ContentSection } from "./content-section.tsx";
import { CtaLink } from "./cta-link.tsx";
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

/** Each shop's cuts, by the message keys of their name and description (`<cut>.name`, `<cut>.body`). */
const cuts = {
  beef: [
    "wholeCut.beef.sirloin",
    "wholeCut.beef.ribeye",
    "wholeCut.beef.tenderloin",
    "wholeCut.beef.oysterBlade",
    "wholeCut.beef.flank",
  ],
  pork: [
    "wholeCut.pork.collar",
    "wholeCut.pork.loin",
    "wholeCut.pork.belly",
    "wholeCut.pork.jowl",
    "wholeCut.pork.ribs",
  ],
} as const;

const processSteps = ["order", "cut", "weigh", "deliver"] as const;
const storageTips = [1, 2, 3] as const;

/**
 * The landing page of a whole-cut shop (/whole-piece, /whole-piece-abs): cuts, splitting, weighing.
 * Its words are the `pages` group's, and the worked example's the `guide` group's.
 */
export function WholeCutPage({
  meat,
  amounts: { chargedCents: charged, finalCents: final },
  shopHref,
}: {
  meat: WholeCutMeat;
  amounts: WholeCutAmounts;
  shopHref: string;
}) {
  const { t, money, quantity } = useI18n();
  const example = examples[meat];
  const pounds = (hundredths: number) => quantity(hundredths / 100, "磅");
  const shop = t(`wholeCut.${meat}.shop`);

  return (
    <LandingPage>
      <PageHero
        eyebrow={t(`wholeCut.${meat}.eyebrow`)}
        title={t(`wholeCut.${meat}.headline`)}
        lead={t(`wholeCut.${meat}.lead`)}
      >
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <CtaLink to={shopHref}>{shop}</CtaLink>
          <CtaLink to="/" variant="secondary">
            {t("error.notFound.home")}
          </CtaLink>
        </div>
      </PageHero>

      <ContentSection id="cuts" title={t("wholeCut.cutsTitle")}>
        <ul className="grid gap-3 sm:grid-cols-2">
          {cuts[meat].map((cut) => (
            <li key={cut} className="rounded-xl bg-brand-50 p-4 sm:last:odd:col-span-2">
              <h3 className="text-lg font-bold text-brand-900">{t(`${cut}.name`)}</h3>
              <p className="mt-1 text-sm leading-6">{t(`${cut}.body`)}</p>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="process" title={t("wholeCut.process.title")}>
        <StepList
          steps={processSteps.map((step) => ({
            title: t(`wholeCut.process.${step}.title`),
            body: t(`wholeCut.process.${step}.body`),
          }))}
        />
      </ContentSection>

      <ContentSection id="refund" title={t("wholeCut.refund.title")}>
        <p>{t("wholeCut.refund.body")}</p>
        <WorkedExample
          title={t("page.example", {
            product: t(`wholeCut.${meat}.exampleProduct`, { weight: pounds(example.estimate) }),
          })}
          rows={[
            { label: t("weighing.unitPrice"), value: money(example.unitPrice) },
            { label: t("weighing.estimate"), value: pounds(example.estimate) },
            { label: t("weighing.charged"), value: money(charged) },
            { label: t("weighing.actual"), value: pounds(example.actual) },
            { label: t("weighing.final"), value: money(final) },
          ]}
          outcomes={[{ text: t("weighing.outcome", { refund: money(charged - final) }), tone: "good" }]}
        />
      </ContentSection>

      <ContentSection id="storage" title={t("wholeCut.storage.title")}>
        <ul className="list-disc space-y-1 pl-5">
          {storageTips.map((tip) => (
            <li key={tip}>{t(`wholeCut.storage.${tip}`)}</li>
          ))}
        </ul>
      </ContentSection>

      <nav aria-label={t("wholeCut.more")} className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <CtaLink to={shopHref}>{shop}</CtaLink>
        <CtaLink to="/guide" variant="secondary">
          {t("wholeCut.guideLink")}
        </CtaLink>
        <CtaLink to="/" variant="secondary">
          {t("error.notFound.home")}
        </CtaLink>
      </nav>
    </LandingPage>
  );
}
