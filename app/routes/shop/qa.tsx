import { MessageCircle } from "lucide-react";
import { getMember } from "~/auth/session.server.ts";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { ContactSection, contactDefaults } from "~/components/shop/contact/contact-form.tsx";
import { FaqList } from "~/components/shop/content/faq-list.tsx";
import { basisPointsToPercent, formatPercent } from "~/components/shop/content/format.ts";
import { pageMeta } from "~/components/shop/content/page-meta.ts";
import { cardFee } from "~/domain/cart/checkout.ts";
import type { SentKey } from "~/i18n/keys.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import type { Route } from "./+types/qa.ts";

export const handle: PageHandle = { titleBar: "page.qa.title", messages: ["qa", "contact"] };

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = i18nOf(matches);
  return pageMeta(i18n, i18n.t("page.qa.title"), i18n.t("page.qa.description"));
};

/**
 * Rates quoted in the answers are site settings (DESIGN §4.15); the support number opens WhatsApp.
 * The contact form under the answers is filled in for a signed-in member.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [settings, member] = await Promise.all([
    context.services.site.getSettings(),
    getMember(request, context),
  ]);
  const profile = member ? await context.services.members.getProfile(member.id) : null;
  return {
    cardFeeBasisPoints: settings.cardFeeBasisPoints,
    // Worked out on the server with the checkout's own rule (domain/cart/checkout.ts).
    cardExampleFeeCents: cardFee(CARD_FEE_EXAMPLE_PAYABLE, settings.cardFeeBasisPoints),
    referralPercent: settings.referralPercent,
    supportWhatsapp: settings.supportWhatsapp,
    contact: contactDefaults(profile),
  };
}

/** The payable amount of the card fee example in the answers, in cents. */
const CARD_FEE_EXAMPLE_PAYABLE = 20000;

/** The topics in order, each question by its key and the number of paragraphs of its answer. */
const topics = [
  {
    id: "ordering",
    questions: [
      ["how", 2],
      ["cutoff", 1],
      ["target", 3],
      ["modes", 1],
      ["cancel", 1],
    ],
  },
  {
    id: "prices",
    questions: [
      ["refund", 1],
      ["weight", 1],
      ["dollar", 1],
    ],
  },
  {
    id: "pickup",
    questions: [
      ["when", 1],
      ["missed", 1],
      ["delivery", 2],
    ],
  },
  {
    id: "payment",
    questions: [
      ["methods", 1],
      ["cardFee", 1],
    ],
  },
  {
    id: "account",
    questions: [
      ["referral", 1],
      ["alcohol", 1],
      ["sms", 1],
      ["support", 1],
    ],
  },
] as const;

/** A question's key (`qa.<topic>.<question>.q`, its answer `.a1` onwards); the English page test finds any not in the catalogue. */
const questionKey = (topic: string, question: string, part: string) =>
  `qa.${topic}.${question}.${part}` as SentKey;

export default function Qa({ loaderData }: Route.ComponentProps) {
  const { cardFeeBasisPoints, cardExampleFeeCents, referralPercent, supportWhatsapp } = loaderData;
  const { t, money } = useI18n();
  const params = {
    cardFee: formatPercent(basisPointsToPercent(cardFeeBasisPoints)),
    examplePayable: money(CARD_FEE_EXAMPLE_PAYABLE),
    exampleFee: money(cardExampleFeeCents),
    referralPercent: formatPercent(referralPercent),
    referralTotal: formatPercent(referralPercent * 2),
  };
  return (
    <div className="space-y-8">
      <p className="leading-7 text-stone-700">{t("qa.lead")}</p>
      {topics.map((topic) => (
        <section key={topic.id} aria-labelledby={`qa-${topic.id}`}>
          <h2 id={`qa-${topic.id}`} className="mb-3 text-lg font-bold text-brand-800">
            {t(`qa.${topic.id}.title`)}
          </h2>
          <FaqList
            items={topic.questions.map(([question, paragraphs]) => ({
              question: t(questionKey(topic.id, question, "q")),
              answer: Array.from({ length: paragraphs }, (_, index) =>
                t(questionKey(topic.id, question, `a${index + 1}`), params),
              ),
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
        {t("qa.contactLink")}
      </a>
      <ContactSection id="qa-contact" defaults={loaderData.contact} />
    </div>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
