import type { ReactNode } from "react";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { ContentSection } from "~/components/shop/content/content-section.tsx";
import { CtaLink } from "~/components/shop/content/cta-link.tsx";
import { basisPointsToPercent, formatPercent } from "~/components/shop/content/format.ts";
import { PageHero } from "~/components/shop/content/page-hero.tsx";
import { pageMeta } from "~/components/shop/content/page-meta.ts";
import { StepList } from "~/components/shop/content/step-list.tsx";
import { WorkedExample } from "~/components/shop/content/worked-example.tsx";
import { cardFee } from "~/domain/cart/checkout.ts";
import { type I18n, i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import type { Route } from "./+types/guide.ts";

export const handle: PageHandle = { background: "guide", messages: ["guide"] };

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nOf(matches);
  return pageMeta(i18n, i18n.t("page.guide.title"), i18n.t("page.guide.description"));
};

/**
 * The card fee is a site setting (DESIGN §4.15), so the guide never quotes a stale rate. The worked
 * examples' results are computed on the server by the rules that charge and settle orders: the card
 * fee by checkout's `cardFee`, the group refund, the weighed amount and the delivery share by
 * settlement's own SQL (decision 0037).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { examples: settlementExamples } = context.services.cycles;
  const { general, weight, delivery } = examples;
  const [settings, groupRefundCents, weighed, deliveryShareCents] = await Promise.all([
    context.services.site.getSettings(),
    settlementExamples.groupRefund({ priceCents: general.price, gatherPriceCents: general.gatherPrice }),
    settlementExamples.weighedPiece({
      unitPriceCents: weight.unitPrice,
      estimatedWeight: weight.estimate / 100,
      actualWeight: weight.actual / 100,
    }),
    settlementExamples.deliveryShare(delivery.fee, delivery.people),
  ]);
  return {
    cardFeeBasisPoints: settings.cardFeeBasisPoints,
    cardExampleFeeCents: cardFee(examples.card.payable, settings.cardFeeBasisPoints),
    groupRefundCents,
    weighed,
    deliveryShareCents,
  };
}

/** The figures of the worked examples, in cents; every result is computed, never typed in. */
const examples = {
  general: { price: 18800, gatherPrice: 14800, target: 20, reached: 26, missed: 14 },
  limited: { gatherPrice: 26800, target: 10, reached: 12, missed: 6 },
  instock: { gatherPrice: 9800, stock: 15 },
  dollar: { balance: 4000, total: 18800 },
  /** Weights in hundredths of a pound, so the arithmetic stays in whole numbers. */
  weight: { unitPrice: 6800, estimate: 250, actual: 230 },
  delivery: { fee: 10000, people: 5 },
  card: { payable: 20000 },
} as const;

const sections = ["steps", "modes", "cutoff", "pickup", "dollar", "weight", "delivery", "payment"] as const;
const steps = ["register", "shop", "pay", "pickup"] as const;
const dollarSources = [1, 2, 3, 4, 5] as const;
const paymentMethods = ["dollar", "payme", "card"] as const;

export default function Guide({ loaderData }: Route.ComponentProps) {
  const { cardFeeBasisPoints, cardExampleFeeCents, groupRefundCents, weighed, deliveryShareCents } =
    loaderData;
  const { dollar, delivery } = examples;
  const { t, money } = useI18n();
  return (
    <div className="space-y-6">
      <PageHero eyebrow={t("guide.eyebrow")} title={t("page.guide.title")} lead={t("guide.lead")}>
        <nav aria-label={t("guide.toc")} className="mt-5">
          <ul className="flex flex-wrap gap-2 text-sm">
            {sections.map((id) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="inline-block rounded-full border border-brand-200 bg-white px-3 py-1.5 text-brand-800 hover:bg-brand-50"
                >
                  {t(`guide.${id}.title`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHero>

      <ContentSection id="steps" title={t("guide.steps.title")}>
        <StepList
          steps={steps.map((step) => ({
            title: t(`guide.step.${step}.title`),
            body: t(`guide.step.${step}.body`),
          }))}
        />
      </ContentSection>

      <ContentSection id="modes" title={t("guide.modes.title")}>
        <p>{t("guide.modes.lead")}</p>
        <div className="space-y-4">
          <ModeCard mode="general">
            <GeneralExample refund={groupRefundCents} />
          </ModeCard>
          <ModeCard mode="limited">
            <LimitedExample />
          </ModeCard>
          <ModeCard mode="instock">
            <InstockExample />
          </ModeCard>
        </div>
      </ContentSection>

      <ContentSection id="cutoff" title={t("guide.cutoff.title")}>
        <p>{t("guide.cutoff.1")}</p>
        <p>{t("guide.cutoff.2")}</p>
        <p className="font-semibold text-brand-900">{t("guide.cutoff.notice")}</p>
      </ContentSection>

      <ContentSection id="pickup" title={t("guide.pickup.title")}>
        <p className="rounded-xl bg-brand-50 p-4">
          <span className="block text-sm text-stone-600">{t("guide.pickup.hoursLabel")}</span>
          <strong className="text-lg text-brand-900">{t("guide.pickup.hours")}</strong>
        </p>
        <p>{t("guide.pickup.body")}</p>
        <CtaLink to="/location" variant="secondary">
          {t("guide.pickup.link")}
        </CtaLink>
      </ContentSection>

      <ContentSection id="dollar" title={t("guide.dollar.title")}>
        <p>{t("guide.dollar.intro")}</p>
        <ul className="list-disc space-y-1 pl-5">
          {dollarSources.map((source) => (
            <li key={source}>{t(`guide.dollar.source.${source}`)}</li>
          ))}
        </ul>
        <p>{t("guide.dollar.use")}</p>
        <Example>
          {t("guide.dollar.example", {
            balance: money(dollar.balance),
            total: money(dollar.total),
            payable: money(dollar.total - dollar.balance),
          })}
        </Example>
      </ContentSection>

      <ContentSection id="weight" title={t("guide.weight.title")}>
        <p>{t("guide.weight.body")}</p>
        <WeightExample chargedCents={weighed.chargedCents} finalCents={weighed.finalCents} />
      </ContentSection>

      <ContentSection id="delivery" title={t("guide.delivery.title")}>
        <p>{t("guide.delivery.intro")}</p>
        <Example>
          {t("guide.delivery.example", {
            fee: money(delivery.fee),
            people: delivery.people,
            share: money(deliveryShareCents),
          })}
        </Example>
        <p>{t("guide.delivery.settlement")}</p>
        <p>{t("guide.delivery.free")}</p>
      </ContentSection>

      <ContentSection id="payment" title={t("guide.payment.title")}>
        <ul className="grid gap-3 sm:grid-cols-3">
          {paymentMethods.map((method) => (
            <li key={method} className="rounded-xl bg-brand-50 p-4">
              <h3 className="font-semibold text-brand-900">{t(`guide.payment.${method}.title`)}</h3>
              <p className="mt-1 text-sm leading-6">
                {t(`guide.payment.${method}.body`, {
                  cardFee: formatPercent(basisPointsToPercent(cardFeeBasisPoints)),
                })}
              </p>
            </li>
          ))}
        </ul>
        <CardFeeExample fee={cardExampleFeeCents} />
        <p>{t("guide.payment.expiry")}</p>
      </ContentSection>

      <section aria-labelledby="guide-cta" className="rounded-2xl bg-brand-800 px-5 py-8 text-white sm:px-8">
        <h2 id="guide-cta" className="text-xl font-bold">
          {t("guide.cta.title")}
        </h2>
        <p className="mt-2 leading-7 text-brand-100">{t("guide.cta.body")}</p>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <CtaLink to="/qa" variant="secondary">
            {t("guide.cta.qa")}
          </CtaLink>
          <CtaLink to="/" variant="secondary">
            {t("guide.cta.shop")}
          </CtaLink>
        </div>
      </section>
    </div>
  );
}

const modeBadge = {
  general: "bg-amber-100 text-amber-900",
  limited: "bg-rose-100 text-rose-900",
  instock: "bg-emerald-100 text-emerald-900",
} as const;

/** One mode: what it means beside (on wide screens) or above its worked example. */
function ModeCard({ mode, children }: { mode: keyof typeof modeBadge; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <article className="grid gap-3 rounded-xl border border-stone-200 p-3 sm:p-4 lg:grid-cols-2 lg:gap-6">
      <div>
        <h3>
          <span className={`inline-block rounded-full px-3 py-1 text-base font-bold ${modeBadge[mode]}`}>
            {t(`mode.${mode}`)}
          </span>
        </h3>
        <p className="mt-3 leading-7">{t(`guide.modes.${mode}.summary`)}</p>
      </div>
      {children}
    </article>
  );
}

/** A one-line example in the running text. */
function Example({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border-l-4 border-brand-300 bg-brand-50 px-4 py-3 text-stone-800">{children}</p>
  );
}

const people = ({ t }: I18n, count: number) => t("guide.modes.people", { count });

function GeneralExample({ refund }: { refund: number }) {
  const i18n = useI18n();
  const { t, money } = i18n;
  const { price, gatherPrice, target, reached, missed } = examples.general;
  return (
    <WorkedExample
      title={t("page.example", { product: t("guide.modes.general.product") })}
      rows={[
        { label: t("guide.modes.price"), value: money(price) },
        { label: t("guide.modes.gatherPrice"), value: money(gatherPrice) },
        { label: t("guide.modes.target"), value: people(i18n, target) },
        { label: t("guide.modes.pay"), value: money(price) },
      ]}
      outcomes={[
        {
          label: t("guide.modes.ifReached"),
          text: t("guide.modes.general.reached", {
            buyers: reached,
            refund: money(refund),
            gatherPrice: money(gatherPrice),
          }),
          tone: "good",
        },
        {
          label: t("guide.modes.ifMissed"),
          text: t("guide.modes.general.missed", { buyers: missed, price: money(price) }),
          tone: "plain",
        },
      ]}
    />
  );
}

function LimitedExample() {
  const i18n = useI18n();
  const { t, money } = i18n;
  const { gatherPrice, target, reached, missed } = examples.limited;
  return (
    <WorkedExample
      title={t("page.example", { product: t("guide.modes.limited.product") })}
      rows={[
        { label: t("guide.modes.gatherPrice"), value: money(gatherPrice) },
        { label: t("guide.modes.target"), value: people(i18n, target) },
        { label: t("guide.modes.pay"), value: money(gatherPrice) },
      ]}
      outcomes={[
        {
          label: t("guide.modes.ifReached"),
          text: t("guide.modes.limited.reached", { buyers: reached, gatherPrice: money(gatherPrice) }),
          tone: "good",
        },
        {
          label: t("guide.modes.ifMissed"),
          text: t("guide.modes.limited.missed", { buyers: missed, gatherPrice: money(gatherPrice) }),
          tone: "plain",
        },
      ]}
    />
  );
}

function InstockExample() {
  const { t, money, quantity } = useI18n();
  const { gatherPrice, stock } = examples.instock;
  return (
    <WorkedExample
      title={t("page.example", { product: t("guide.modes.instock.product") })}
      rows={[
        { label: t("guide.modes.gatherPrice"), value: money(gatherPrice) },
        { label: t("guide.modes.stock"), value: quantity(stock, "件") },
        { label: t("guide.modes.pay"), value: money(gatherPrice) },
      ]}
      outcomes={[
        { text: t("guide.modes.instock.outcome", { gatherPrice: money(gatherPrice) }), tone: "good" },
      ]}
    />
  );
}

function WeightExample({
  chargedCents: charged,
  finalCents: final,
}: {
  chargedCents: number;
  finalCents: number;
}) {
  const { t, money, quantity } = useI18n();
  const { unitPrice, estimate, actual } = examples.weight;
  const pounds = (hundredths: number) => quantity(hundredths / 100, "磅");
  return (
    <WorkedExample
      title={t("page.example", { product: t("guide.weight.product", { weight: pounds(estimate) }) })}
      rows={[
        { label: t("weighing.unitPrice"), value: money(unitPrice) },
        { label: t("weighing.estimate"), value: pounds(estimate) },
        { label: t("weighing.charged"), value: money(charged) },
        { label: t("weighing.actual"), value: pounds(actual) },
        { label: t("weighing.final"), value: money(final) },
      ]}
      outcomes={[{ text: t("weighing.outcome", { refund: money(charged - final) }), tone: "good" }]}
    />
  );
}

function CardFeeExample({ fee }: { fee: number }) {
  const { t, money } = useI18n();
  const { payable } = examples.card;
  return (
    <Example>
      {t("guide.payment.cardExample", {
        payable: money(payable),
        fee: money(fee),
        total: money(payable + fee),
      })}
    </Example>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
