import { MessageCircle } from "lucide-react";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { FaqList } from "~/components/shop/content/faq-list.tsx";
import { basisPointsToPercent, fill, formatPercent } from "~/components/shop/content/format.ts";
import { contentMeta } from "~/components/shop/content/meta.ts";
import { formatCents, roundHalfUp } from "~/domain/money.ts";
import { qaText as text } from "~/i18n/catalogue/pages/qa.ts";
import { t } from "~/i18n/pages.ts";
import type { Route } from "./+types/qa.ts";

export const handle: PageHandle = { titleBar: t("page.qa.title") };

export const meta: Route.MetaFunction = () => contentMeta(t("page.qa.title"), t("page.qa.description"));

/** Rates quoted in the answers are site settings (DESIGN §4.15); the support number opens WhatsApp. */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = await context.services.site.getSettings();
  return {
    cardFeeBasisPoints: settings.cardFeeBasisPoints,
    referralPercent: settings.referralPercent,
    supportWhatsapp: settings.supportWhatsapp,
  };
}

/** The payable amount of the card fee example in the answers, in cents. */
const CARD_FEE_EXAMPLE_PAYABLE = 20000;

export default function Qa({ loaderData }: Route.ComponentProps) {
  const { cardFeeBasisPoints, referralPercent, supportWhatsapp } = loaderData;
  const params = {
    cardFee: formatPercent(basisPointsToPercent(cardFeeBasisPoints)),
    examplePayable: formatCents(CARD_FEE_EXAMPLE_PAYABLE),
    exampleFee: formatCents(roundHalfUp((CARD_FEE_EXAMPLE_PAYABLE * cardFeeBasisPoints) / 10000)),
    referralPercent: formatPercent(referralPercent),
    referralTotal: formatPercent(referralPercent * 2),
  };
  return (
    <div className="space-y-8">
      <p className="leading-7 text-stone-700">{text.lead}</p>
      {text.topics.map((topic) => (
        <section key={topic.id} aria-labelledby={`qa-${topic.id}`}>
          <h2 id={`qa-${topic.id}`} className="mb-3 text-lg font-bold text-brand-800">
            {topic.title}
          </h2>
          <FaqList
            items={topic.questions.map(({ q, a }) => ({
              question: q,
              answer: a.map((paragraph) => fill(paragraph, params)),
            }))}
          />
        </section>
      ))}
      <a
        href={`https://wa.me/${supportWhatsapp.replace(/\D/g, "")}`}
        target="_blank"
        rel="noreferrer noopener"
        className="inline-flex min-h-11 items-center gap-2 rounded-full bg-[#17703d] px-5 py-2 font-semibold text-white hover:bg-[#125a31]"
      >
        <MessageCircle aria-hidden="true" className="size-5" />
        {text.contactLink}
      </a>
    </div>
  );
}
