import { MessageCircle } from "lucide-react";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { FaqList } from "~/components/shop/content/faq-list.tsx";
import { basisPointsToPercent, formatPercent, paragraphs } from "~/components/shop/content/format.ts";
import { contentMeta } from "~/components/shop/content/meta.ts";
import { formatCents, roundHalfUp } from "~/domain/money.ts";
import { qaTopics } from "~/i18n/catalogue/pages/qa.ts";
import { t } from "~/i18n/index.ts";
import type { Route } from "./+types/qa.ts";

export const handle: PageHandle = { titleBar: "page.qa.title" };

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

/** The payable amount of the card fee example in the answers. */
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
      <p className="leading-7 text-stone-700">{t("page.qa.lead")}</p>
      {qaTopics.map(({ topic, questions }) => (
        <section key={topic} aria-labelledby={`qa-${topic}`}>
          <h2 id={`qa-${topic}`} className="mb-3 text-lg font-bold text-brand-800">
            {t(`page.qa.topic.${topic}`)}
          </h2>
          <FaqList
            items={questions.map((id) => ({
              question: t(`page.qa.${id}.q`),
              answer: paragraphs(t(`page.qa.${id}.a`, params)),
            }))}
          />
        </section>
      ))}
      <a
        href={`https://wa.me/${supportWhatsapp.replace(/\D/g, "")}`}
        target="_blank"
        rel="noreferrer noopener"
        className="inline-flex min-h-11 items-center gap-2 rounded-full bg-[#1e8a4c] px-5 py-2 font-semibold text-white hover:bg-[#187540]"
      >
        <MessageCircle aria-hidden="true" className="size-5" />
        {t("page.qa.contact.link")}
      </a>
    </div>
  );
}
