import { formatCents, roundHalfUp } from "~/domain/money.ts";
import { t } from "~/i18n/index.ts";
import { ContentSection } from "./content-section.tsx";
import { CtaLink } from "./cta-link.tsx";
import { LandingPage } from "./landing-page.tsx";
import { PageHero } from "./page-hero.tsx";
import { StepList } from "./step-list.tsx";
import { WorkedExample } from "./worked-example.tsx";

type Meat = "wholeBeef" | "wholePork";

const beefCuts = ["striploin", "ribeye", "tenderloin", "oysterBlade", "brisket"] as const;
const porkCuts = ["collar", "loin", "belly", "jowl", "ribs"] as const;

/** The cuts of each shop, named and described in the catalogue. */
function cutTexts(meat: Meat): { name: string; body: string }[] {
  return meat === "wholeBeef"
    ? beefCuts.map((cut) => ({
        name: t(`page.wholeBeef.cut.${cut}.name`),
        body: t(`page.wholeBeef.cut.${cut}.body`),
      }))
    : porkCuts.map((cut) => ({
        name: t(`page.wholePork.cut.${cut}.name`),
        body: t(`page.wholePork.cut.${cut}.body`),
      }));
}

export interface WholeCutExample {
  /** Group price per pound, in cents. */
  unitPrice: number;
  /** Weights in hundredths of a pound, so the arithmetic stays in whole numbers. */
  estimate: number;
  actual: number;
}

const pounds = (hundredths: number) => String(hundredths / 100);

/** The landing page of a whole-cut shop (/whole-piece, /whole-piece-abs): cuts, splitting, weighing. */
export function WholeCutPage({
  meat,
  example,
  shopHref,
}: {
  meat: Meat;
  example: WholeCutExample;
  shopHref: string;
}) {
  const charged = roundHalfUp((example.unitPrice * example.estimate) / 100);
  const final = roundHalfUp((example.unitPrice * example.actual) / 100);
  const weight = (hundredths: number) => t("page.wholePiece.example.pounds", { weight: pounds(hundredths) });

  return (
    <LandingPage>
      <PageHero
        eyebrow={t(`page.${meat}.eyebrow`)}
        title={t(`page.${meat}.headline`)}
        lead={t(`page.${meat}.lead`)}
      >
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <CtaLink to={shopHref}>{t(`page.${meat}.shop`)}</CtaLink>
          <CtaLink to="/" variant="secondary">
            {t("page.landing.backHome")}
          </CtaLink>
        </div>
      </PageHero>

      <ContentSection id="cuts" title={t("page.wholePiece.cuts.title")}>
        <ul className="grid gap-3 sm:grid-cols-2">
          {cutTexts(meat).map((cut) => (
            <li key={cut.name} className="rounded-xl bg-brand-50 p-4 sm:last:odd:col-span-2">
              <h3 className="text-lg font-bold text-brand-900">{cut.name}</h3>
              <p className="mt-1 text-sm leading-6">{cut.body}</p>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="process" title={t("page.wholePiece.process.title")}>
        <StepList
          steps={([1, 2, 3, 4] as const).map((n) => ({
            title: t(`page.wholePiece.step${n}.title`),
            body: t(`page.wholePiece.step${n}.body`),
          }))}
        />
      </ContentSection>

      <ContentSection id="refund" title={t("page.wholePiece.refund.title")}>
        <p>{t("page.wholePiece.refund.body")}</p>
        <WorkedExample
          title={t("page.wholePiece.example.title", {
            product: t(`page.${meat}.example.product`, { weight: pounds(example.estimate) }),
          })}
          rows={[
            { label: t("page.wholePiece.example.unitPrice"), value: formatCents(example.unitPrice) },
            { label: t("page.wholePiece.example.estimate"), value: weight(example.estimate) },
            { label: t("page.wholePiece.example.charged"), value: formatCents(charged) },
            { label: t("page.wholePiece.example.actual"), value: weight(example.actual) },
            { label: t("page.wholePiece.example.final"), value: formatCents(final) },
          ]}
          outcomes={[
            {
              text: t("page.wholePiece.example.outcome", { refund: formatCents(charged - final) }),
              tone: "good",
            },
          ]}
        />
      </ContentSection>

      <ContentSection id="storage" title={t("page.wholePiece.storage.title")}>
        <ul className="list-disc space-y-1 pl-5">
          {([1, 2, 3] as const).map((n) => (
            <li key={n}>{t(`page.wholePiece.storage.item${n}`)}</li>
          ))}
        </ul>
      </ContentSection>

      <nav
        aria-label={t("page.wholePiece.more")}
        className="flex flex-col gap-3 sm:flex-row sm:justify-center"
      >
        <CtaLink to={shopHref}>{t(`page.${meat}.shop`)}</CtaLink>
        <CtaLink to="/guide" variant="secondary">
          {t("page.wholePiece.guideLink")}
        </CtaLink>
        <CtaLink to="/" variant="secondary">
          {t("page.landing.backHome")}
        </CtaLink>
      </nav>
    </LandingPage>
  );
}
