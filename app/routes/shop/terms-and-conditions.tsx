import type { PageHandle } from "~/components/layout/page-handle.ts";
import { basisPointsToPercent, formatPercent } from "~/components/shop/content/format.ts";
import { pageMeta } from "~/components/shop/content/page-meta.ts";
import type { SentKey } from "~/i18n/keys.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import type { Route } from "./+types/terms-and-conditions.ts";

export const handle: PageHandle = { titleBar: "page.terms.title", messages: ["terms"] };

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nOf(matches);
  return pageMeta(i18n, i18n.t("page.terms.title"), i18n.t("page.terms.description"));
};

/** The card fee and referral rate in the terms are the live site settings (DESIGN §4.15). */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = await context.services.site.getSettings();
  return { cardFeeBasisPoints: settings.cardFeeBasisPoints, referralPercent: settings.referralPercent };
}

/** The sections in order, each with its number of clauses (`terms.<section>.1` onwards). */
const sections = [
  { id: "membership", clauses: 4 },
  { id: "orders", clauses: 7 },
  { id: "prices", clauses: 5 },
  { id: "payment", clauses: 4 },
  { id: "pickup", clauses: 5 },
  { id: "refunds", clauses: 3 },
  { id: "alcohol", clauses: 2 },
  { id: "referral", clauses: 3 },
  { id: "privacy", clauses: 6 },
  { id: "marketing", clauses: 3 },
  { id: "liability", clauses: 2 },
  { id: "changes", clauses: 2 },
  { id: "law", clauses: 3 },
] as const;

/** 1, 2, … count. */
const numbers = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

/** A clause's key; the English page test finds any key that is not in the catalogue. */
const clauseKey = (section: string, clause: number) => `terms.${section}.${clause}` as SentKey;

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const params = {
    cardFee: formatPercent(basisPointsToPercent(loaderData.cardFeeBasisPoints)),
    referralPercent: formatPercent(loaderData.referralPercent),
  };
  return (
    <article className="rounded-2xl bg-white p-5 shadow-sm sm:p-8">
      <p className="text-sm text-stone-600">{t("terms.updated")}</p>
      <p className="mt-3 leading-7 text-stone-700">{t("terms.intro")}</p>

      <nav aria-labelledby="terms-toc" className="mt-6 rounded-xl bg-brand-50 p-4">
        <h2 id="terms-toc" className="font-semibold text-brand-900">
          {t("terms.toc")}
        </h2>
        <ol className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a
                href={`#terms-${section.id}`}
                className="inline-block py-1 text-brand-800 underline-offset-2 hover:underline"
              >
                {index + 1}. {t(`terms.${section.id}.title`)}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section, index) => (
        <section
          key={section.id}
          id={`terms-${section.id}`}
          aria-labelledby={`terms-${section.id}-title`}
          className="mt-8 scroll-mt-4"
        >
          <h2 id={`terms-${section.id}-title`} className="text-lg font-bold text-brand-800">
            {index + 1}. {t(`terms.${section.id}.title`)}
          </h2>
          <ol className="mt-3 space-y-2 leading-7 text-stone-700">
            {numbers(section.clauses).map((clause) => (
              <li key={clause} className="flex gap-3">
                <span className="shrink-0 text-stone-500 tabular-nums">
                  {index + 1}.{clause}
                </span>
                <span>{t(clauseKey(section.id, clause), params)}</span>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </article>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
