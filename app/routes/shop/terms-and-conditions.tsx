import type { PageHandle } from "~/components/layout/page-handle.ts";
import { basisPointsToPercent, fill, formatPercent } from "~/components/shop/content/format.ts";
import { contentMeta } from "~/components/shop/content/meta.ts";
import { termsText as text } from "~/i18n/catalogue/pages/terms.ts";
import { t } from "~/i18n/pages.ts";
import type { Route } from "./+types/terms-and-conditions.ts";

export const handle: PageHandle = { titleBar: t("page.terms.title") };

export const meta: Route.MetaFunction = () => contentMeta(t("page.terms.title"), t("page.terms.description"));

/** The card fee and referral rate in the terms are the live site settings (DESIGN §4.15). */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = await context.services.site.getSettings();
  return { cardFeeBasisPoints: settings.cardFeeBasisPoints, referralPercent: settings.referralPercent };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const params = {
    cardFee: formatPercent(basisPointsToPercent(loaderData.cardFeeBasisPoints)),
    referralPercent: formatPercent(loaderData.referralPercent),
  };
  return (
    <article className="rounded-2xl bg-white p-5 shadow-sm sm:p-8">
      <p className="text-sm text-stone-600">{text.updated}</p>
      <p className="mt-3 leading-7 text-stone-700">{text.intro}</p>

      <nav aria-labelledby="terms-toc" className="mt-6 rounded-xl bg-brand-50 p-4">
        <h2 id="terms-toc" className="font-semibold text-brand-900">
          {text.toc}
        </h2>
        <ol className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          {text.sections.map((section, index) => (
            <li key={section.id}>
              <a
                href={`#terms-${section.id}`}
                className="inline-block py-1 text-brand-800 underline-offset-2 hover:underline"
              >
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {text.sections.map((section, index) => (
        <section
          key={section.id}
          id={`terms-${section.id}`}
          aria-labelledby={`terms-${section.id}-title`}
          className="mt-8 scroll-mt-4"
        >
          <h2 id={`terms-${section.id}-title`} className="text-lg font-bold text-brand-800">
            {index + 1}. {section.title}
          </h2>
          <ol className="mt-3 space-y-2 leading-7 text-stone-700">
            {section.clauses.map((clause, clauseIndex) => (
              <li key={clause} className="flex gap-3">
                <span className="shrink-0 text-stone-500 tabular-nums">
                  {index + 1}.{clauseIndex + 1}
                </span>
                <span>{fill(clause, params)}</span>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </article>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
