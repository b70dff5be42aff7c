import type { PageHandle } from "~/components/layout/page-handle.ts";
import { ContentSection } from "~/components/shop/content/content-section.tsx";
import { CtaLink } from "~/components/shop/content/cta-link.tsx";
import { basisPointsToPercent, formatPercent } from "~/components/shop/content/format.ts";
import { contentMeta } from "~/components/shop/content/meta.ts";
import { PageHero } from "~/components/shop/content/page-hero.tsx";
import { StepList } from "~/components/shop/content/step-list.tsx";
import { WorkedExample } from "~/components/shop/content/worked-example.tsx";
import { formatCents, roundHalfUp } from "~/domain/money.ts";
import { t } from "~/i18n/index.ts";
import type { Route } from "./+types/guide.ts";

export const handle: PageHandle = { background: "guide" };

export const meta: Route.MetaFunction = () => contentMeta(t("page.guide.title"), t("page.guide.description"));

/** The card fee is a site setting (DESIGN §4.15), so the guide never quotes a stale rate. */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = await context.services.site.getSettings();
  return { cardFeeBasisPoints: settings.cardFeeBasisPoints };
}

/** The figures of the worked examples, in cents; the results are computed, never typed in. */
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

const sectionTitle = {
  steps: "page.guide.steps.title",
  modes: "page.guide.modes.title",
  cutoff: "page.guide.cutoff.title",
  pickup: "page.guide.pickup.title",
  dollar: "page.guide.dollar.title",
  weight: "page.guide.weight.title",
  delivery: "page.guide.delivery.title",
  payment: "page.guide.payment.title",
} as const;

const pounds = (hundredths: number) => String(hundredths / 100);

export default function Guide({ loaderData }: Route.ComponentProps) {
  const cardFeePercent = basisPointsToPercent(loaderData.cardFeeBasisPoints);
  return (
    <div className="space-y-6">
      <PageHero eyebrow={t("page.guide.eyebrow")} title={t("page.guide.title")} lead={t("page.guide.lead")}>
        <nav aria-label={t("page.guide.toc")} className="mt-5">
          <ul className="flex flex-wrap gap-2 text-sm">
            {sections.map((id) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="inline-block rounded-full border border-brand-200 bg-white px-3 py-1.5 text-brand-800 hover:bg-brand-50"
                >
                  {t(sectionTitle[id])}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHero>

      <ContentSection id="steps" title={t(sectionTitle.steps)}>
        <StepList
          steps={([1, 2, 3, 4] as const).map((n) => ({
            title: t(`page.guide.step${n}.title`),
            body: t(`page.guide.step${n}.body`),
          }))}
        />
      </ContentSection>

      <ContentSection id="modes" title={t(sectionTitle.modes)}>
        <p>{t("page.guide.modes.lead")}</p>
        <div className="space-y-4">
          <ModeCard mode="general">
            <GeneralExample />
          </ModeCard>
          <ModeCard mode="limited">
            <LimitedExample />
          </ModeCard>
          <ModeCard mode="instock">
            <InstockExample />
          </ModeCard>
        </div>
      </ContentSection>

      <ContentSection id="cutoff" title={t(sectionTitle.cutoff)}>
        <p>{t("page.guide.cutoff.body1")}</p>
        <p>{t("page.guide.cutoff.body2")}</p>
        <p className="font-semibold text-brand-900">{t("page.guide.cutoff.body3")}</p>
      </ContentSection>

      <ContentSection id="pickup" title={t(sectionTitle.pickup)}>
        <p className="rounded-xl bg-brand-50 p-4">
          <span className="block text-sm text-stone-600">{t("page.guide.pickup.hoursLabel")}</span>
          <strong className="text-lg text-brand-900">{t("page.guide.pickup.hours")}</strong>
        </p>
        <p>{t("page.guide.pickup.body")}</p>
        <CtaLink to="/location" variant="secondary">
          {t("page.guide.pickup.link")}
        </CtaLink>
      </ContentSection>

      <ContentSection id="dollar" title={t(sectionTitle.dollar)}>
        <p>{t("page.guide.dollar.body1")}</p>
        <ul className="list-disc space-y-1 pl-5">
          {([1, 2, 3, 4, 5] as const).map((n) => (
            <li key={n}>{t(`page.guide.dollar.source${n}`)}</li>
          ))}
        </ul>
        <p>{t("page.guide.dollar.body2")}</p>
        <Example>
          {t("page.guide.dollar.example", {
            balance: formatCents(examples.dollar.balance),
            total: formatCents(examples.dollar.total),
            payable: formatCents(examples.dollar.total - examples.dollar.balance),
          })}
        </Example>
      </ContentSection>

      <ContentSection id="weight" title={t(sectionTitle.weight)}>
        <p>{t("page.guide.weight.body")}</p>
        <WeightExample />
      </ContentSection>

      <ContentSection id="delivery" title={t(sectionTitle.delivery)}>
        <p>{t("page.guide.delivery.body1")}</p>
        <Example>
          {t("page.guide.delivery.example", {
            fee: formatCents(examples.delivery.fee),
            people: examples.delivery.people,
            share: formatCents(Math.ceil(examples.delivery.fee / examples.delivery.people)),
          })}
        </Example>
        <p>{t("page.guide.delivery.body2")}</p>
        <p>{t("page.guide.delivery.free")}</p>
      </ContentSection>

      <ContentSection id="payment" title={t(sectionTitle.payment)}>
        <ul className="grid gap-3 sm:grid-cols-3">
          {(["dollar", "payme", "card"] as const).map((method) => (
            <li key={method} className="rounded-xl bg-brand-50 p-4">
              <h3 className="font-semibold text-brand-900">{t(`page.guide.payment.${method}.title`)}</h3>
              <p className="mt-1 text-sm leading-6">
                {t(`page.guide.payment.${method}.body`, { cardFee: formatPercent(cardFeePercent) })}
              </p>
            </li>
          ))}
        </ul>
        <CardFeeExample cardFeeBasisPoints={loaderData.cardFeeBasisPoints} />
        <p>{t("page.guide.payment.expiry")}</p>
      </ContentSection>

      <section aria-labelledby="guide-cta" className="rounded-2xl bg-brand-800 px-5 py-8 text-white sm:px-8">
        <h2 id="guide-cta" className="text-xl font-bold">
          {t("page.guide.cta.title")}
        </h2>
        <p className="mt-2 leading-7 text-brand-100">{t("page.guide.cta.body")}</p>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <CtaLink to="/qa" variant="secondary">
            {t("page.guide.cta.qa")}
          </CtaLink>
          <CtaLink to="/" variant="secondary">
            {t("page.guide.cta.shop")}
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
function ModeCard({ mode, children }: { mode: keyof typeof modeBadge; children: React.ReactNode }) {
  return (
    <article className="grid gap-3 rounded-xl border border-stone-200 p-3 sm:p-4 lg:grid-cols-2 lg:gap-6">
      <div>
        <h3>
          <span className={`inline-block rounded-full px-3 py-1 text-base font-bold ${modeBadge[mode]}`}>
            {t(`mode.${mode}`)}
          </span>
        </h3>
        <p className="mt-3 leading-7">{t(`page.guide.${mode}.summary`)}</p>
      </div>
      {children}
    </article>
  );
}

/** A one-line example in the running text. */
function Example({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-xl border-l-4 border-brand-300 bg-brand-50 px-4 py-3 text-stone-800">{children}</p>
  );
}

function GeneralExample() {
  const { price, gatherPrice, target, reached, missed } = examples.general;
  return (
    <WorkedExample
      title={t("page.guide.example", { product: t("page.guide.general.product") })}
      rows={[
        { label: t("page.guide.example.price"), value: formatCents(price) },
        { label: t("page.guide.example.gatherPrice"), value: formatCents(gatherPrice) },
        { label: t("page.guide.example.target"), value: t("page.guide.example.people", { count: target }) },
        { label: t("page.guide.example.pay"), value: formatCents(price) },
      ]}
      outcomes={[
        {
          label: t("page.guide.example.ifReached"),
          text: t("page.guide.general.reached", {
            buyers: reached,
            refund: formatCents(price - gatherPrice),
            gatherPrice: formatCents(gatherPrice),
          }),
          tone: "good",
        },
        {
          label: t("page.guide.example.ifMissed"),
          text: t("page.guide.general.missed", { buyers: missed, price: formatCents(price) }),
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
      title={t("page.guide.example", { product: t("page.guide.limited.product") })}
      rows={[
        { label: t("page.guide.example.gatherPrice"), value: formatCents(gatherPrice) },
        { label: t("page.guide.example.target"), value: t("page.guide.example.people", { count: target }) },
        { label: t("page.guide.example.pay"), value: formatCents(gatherPrice) },
      ]}
      outcomes={[
        {
          label: t("page.guide.example.ifReached"),
          text: t("page.guide.limited.reached", { buyers: reached, gatherPrice: formatCents(gatherPrice) }),
          tone: "good",
        },
        {
          label: t("page.guide.example.ifMissed"),
          text: t("page.guide.limited.missed", { buyers: missed, gatherPrice: formatCents(gatherPrice) }),
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
      title={t("page.guide.example", { product: t("page.guide.instock.product") })}
      rows={[
        { label: t("page.guide.example.gatherPrice"), value: formatCents(gatherPrice) },
        { label: t("page.guide.example.stock"), value: t("page.guide.example.pieces", { count: stock }) },
        { label: t("page.guide.example.pay"), value: formatCents(gatherPrice) },
      ]}
      outcomes={[
        { text: t("page.guide.instock.outcome", { gatherPrice: formatCents(gatherPrice) }), tone: "good" },
      ]}
    />
  );
}

function WeightExample() {
  const { unitPrice, estimate, actual } = examples.weight;
  const charged = roundHalfUp((unitPrice * estimate) / 100);
  const final = roundHalfUp((unitPrice * actual) / 100);
  return (
    <WorkedExample
      title={t("page.guide.example", {
        product: t("page.guide.weight.product", { weight: pounds(estimate) }),
      })}
      rows={[
        { label: t("page.guide.weight.unitPrice"), value: formatCents(unitPrice) },
        {
          label: t("page.guide.weight.estimate"),
          value: t("page.guide.weight.pounds", { weight: pounds(estimate) }),
        },
        { label: t("page.guide.example.pay"), value: formatCents(charged) },
        {
          label: t("page.guide.weight.actual"),
          value: t("page.guide.weight.pounds", { weight: pounds(actual) }),
        },
        { label: t("page.guide.weight.final"), value: formatCents(final) },
      ]}
      outcomes={[
        { text: t("page.guide.weight.outcome", { refund: formatCents(charged - final) }), tone: "good" },
      ]}
    />
  );
}

function CardFeeExample({ cardFeeBasisPoints }: { cardFeeBasisPoints: number }) {
  const { payable } = examples.card;
  const fee = roundHalfUp((payable * cardFeeBasisPoints) / 10000);
  return (
    <Example>
      {t("page.guide.payment.cardExample", {
        payable: formatCents(payable),
        fee: formatCents(fee),
        total: formatCents(payable + fee),
      })}
    </Example>
  );
}
