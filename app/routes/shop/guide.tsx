import type { ReactNode } from "react";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { ContentSection } from "~/components/shop/content/content-section.tsx";
import { CtaLink } from "~/components/shop/content/cta-link.tsx";
import { basisPointsToPercent, fill, formatPercent } from "~/components/shop/content/format.ts";
import { contentMeta } from "~/components/shop/content/meta.ts";
import { PageHero } from "~/components/shop/content/page-hero.tsx";
import { StepList } from "~/components/shop/content/step-list.tsx";
import { WorkedExample } from "~/components/shop/content/worked-example.tsx";
import { cardFee } from "~/domain/cart/checkout.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { guideText as text } from "~/i18n/catalogue/pages/guide.ts";
import { weighingText } from "~/i18n/catalogue/pages/weighing.ts";
import { t } from "~/i18n/pages.ts";
import type { Route } from "./+types/guide.ts";

export const handle: PageHandle = { background: "guide" };

export const meta: Route.MetaFunction = () => contentMeta(t("page.guide.title"), t("page.guide.description"));

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

export default function Guide({ loaderData }: Route.ComponentProps) {
  const { cardFeeBasisPoints, cardExampleFeeCents, groupRefundCents, weighed, deliveryShareCents } =
    loaderData;
  const { dollar, delivery } = examples;
  return (
    <div className="space-y-6">
      <PageHero eyebrow={text.eyebrow} title={t("page.guide.title")} lead={text.lead}>
        <nav aria-label={text.toc} className="mt-5">
          <ul className="flex flex-wrap gap-2 text-sm">
            {sections.map((id) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="inline-block rounded-full border border-brand-200 bg-white px-3 py-1.5 text-brand-800 hover:bg-brand-50"
                >
                  {text[id].title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHero>

      <ContentSection id="steps" title={text.steps.title}>
        <StepList steps={text.steps.items} />
      </ContentSection>

      <ContentSection id="modes" title={text.modes.title}>
        <p>{text.modes.lead}</p>
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

      <ContentSection id="cutoff" title={text.cutoff.title}>
        {text.cutoff.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <p className="font-semibold text-brand-900">{text.cutoff.notice}</p>
      </ContentSection>

      <ContentSection id="pickup" title={text.pickup.title}>
        <p className="rounded-xl bg-brand-50 p-4">
          <span className="block text-sm text-stone-600">{text.pickup.hoursLabel}</span>
          <strong className="text-lg text-brand-900">{text.pickup.hours}</strong>
        </p>
        <p>{text.pickup.body}</p>
        <CtaLink to="/location" variant="secondary">
          {text.pickup.link}
        </CtaLink>
      </ContentSection>

      <ContentSection id="dollar" title={text.dollar.title}>
        <p>{text.dollar.intro}</p>
        <ul className="list-disc space-y-1 pl-5">
          {text.dollar.sources.map((source) => (
            <li key={source}>{source}</li>
          ))}
        </ul>
        <p>{text.dollar.use}</p>
        <Example>
          {fill(text.dollar.example, {
            balance: formatCents(dollar.balance),
            total: formatCents(dollar.total),
            payable: formatCents(dollar.total - dollar.balance),
          })}
        </Example>
      </ContentSection>

      <ContentSection id="weight" title={text.weight.title}>
        <p>{text.weight.body}</p>
        <WeightExample chargedCents={weighed.chargedCents} finalCents={weighed.finalCents} />
      </ContentSection>

      <ContentSection id="delivery" title={text.delivery.title}>
        <p>{text.delivery.intro}</p>
        <Example>
          {fill(text.delivery.example, {
            fee: formatCents(delivery.fee),
            people: delivery.people,
            share: formatCents(deliveryShareCents),
          })}
        </Example>
        <p>{text.delivery.settlement}</p>
        <p>{text.delivery.free}</p>
      </ContentSection>

      <ContentSection id="payment" title={text.payment.title}>
        <ul className="grid gap-3 sm:grid-cols-3">
          {(["dollar", "payme", "card"] as const).map((method) => (
            <li key={method} className="rounded-xl bg-brand-50 p-4">
              <h3 className="font-semibold text-brand-900">{text.payment.methods[method].title}</h3>
              <p className="mt-1 text-sm leading-6">
                {fill(text.payment.methods[method].body, {
                  cardFee: formatPercent(basisPointsToPercent(cardFeeBasisPoints)),
                })}
              </p>
            </li>
          ))}
        </ul>
        <CardFeeExample fee={cardExampleFeeCents} />
        <p>{text.payment.expiry}</p>
      </ContentSection>

      <section aria-labelledby="guide-cta" className="rounded-2xl bg-brand-800 px-5 py-8 text-white sm:px-8">
        <h2 id="guide-cta" className="text-xl font-bold">
          {text.cta.title}
        </h2>
        <p className="mt-2 leading-7 text-brand-100">{text.cta.body}</p>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <CtaLink to="/qa" variant="secondary">
            {text.cta.qa}
          </CtaLink>
          <CtaLink to="/" variant="secondary">
            {text.cta.shop}
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
  return (
    <article className="grid gap-3 rounded-xl border border-stone-200 p-3 sm:p-4 lg:grid-cols-2 lg:gap-6">
      <div>
        <h3>
          <span className={`inline-block rounded-full px-3 py-1 text-base font-bold ${modeBadge[mode]}`}>
            {t(`mode.${mode}`)}
          </span>
        </h3>
        <p className="mt-3 leading-7">{text.modes[mode].summary}</p>
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

const { modes } = text;
const people = (count: number) => fill(modes.people, { count });

function GeneralExample({ refund }: { refund: number }) {
  const { price, gatherPrice, target, reached, missed } = examples.general;
  return (
    <WorkedExample
      title={t("page.example", { product: modes.general.product })}
      rows={[
        { label: modes.price, value: formatCents(price) },
        { label: modes.gatherPrice, value: formatCents(gatherPrice) },
        { label: modes.target, value: people(target) },
        { label: modes.pay, value: formatCents(price) },
      ]}
      outcomes={[
        {
          label: modes.ifReached,
          text: fill(modes.general.reached, {
            buyers: reached,
            refund: formatCents(refund),
            gatherPrice: formatCents(gatherPrice),
          }),
          tone: "good",
        },
        {
          label: modes.ifMissed,
          text: fill(modes.general.missed, { buyers: missed, price: formatCents(price) }),
          tone: "plain",
        },
      ]}
    />
  );
}

function LimitedExample() {
  const { gatherPrice, target, reached, missed } = examples.limited;
  return (
    <WorkedExample
      title={t("page.example", { product: modes.limited.product })}
      rows={[
        { label: modes.gatherPrice, value: formatCents(gatherPrice) },
        { label: modes.target, value: people(target) },
        { label: modes.pay, value: formatCents(gatherPrice) },
      ]}
      outcomes={[
        {
          label: modes.ifReached,
          text: fill(modes.limited.reached, { buyers: reached, gatherPrice: formatCents(gatherPrice) }),
          tone: "good",
        },
        {
          label: modes.ifMissed,
          text: fill(modes.limited.missed, { buyers: missed, gatherPrice: formatCents(gatherPrice) }),
          tone: "plain",
        },
      ]}
    />
  );
}

function InstockExample() {
  const { gatherPrice, stock } = examples.instock;
  return (
    <WorkedExample
      title={t("page.example", { product: modes.instock.product })}
      rows={[
        { label: modes.gatherPrice, value: formatCents(gatherPrice) },
        { label: modes.stock, value: fill(modes.pieces, { count: stock }) },
        { label: modes.pay, value: formatCents(gatherPrice) },
      ]}
      outcomes={[
        { text: fill(modes.instock.outcome, { gatherPrice: formatCents(gatherPrice) }), tone: "good" },
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
  const { unitPrice, estimate, actual } = examples.weight;
  const pounds = (hundredths: number) => fill(weighingText.pounds, { weight: hundredths / 100 });
  return (
    <WorkedExample
      title={t("page.example", { product: fill(text.weight.product, { weight: estimate / 100 }) })}
      rows={[
        { label: weighingText.unitPrice, value: formatCents(unitPrice) },
        { label: weighingText.estimate, value: pounds(estimate) },
        { label: weighingText.charged, value: formatCents(charged) },
        { label: weighingText.actual, value: pounds(actual) },
        { label: weighingText.final, value: formatCents(final) },
      ]}
      outcomes={[
        { text: fill(weighingText.outcome, { refund: formatCents(charged - final) }), tone: "good" },
      ]}
    />
  );
}

function CardFeeExample({ fee }: { fee: number }) {
  const { payable } = examples.card;
  return (
    <Example>
      {fill(text.payment.cardExample, {
        payable: formatCents(payable),
        fee: formatCents(fee),
        total: formatCents(payable + fee),
      })}
    </Example>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
