import { MessageCircle } from "lucide-react";
import { getMember } from "~/auth/session.server.ts";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { ContactSection, contactDefaults } from "~/components/shop/contact/contact-form.tsx";
import { FaqList } from "~/components/shop/content/faq-list.tsx";
import { basisPointsToPercent, fill, formatPercent } from "~/components/shop/content/format.ts";
import { contentMeta } from "~/components/shop/content/meta.ts";
import { cardFee } from "~/domain/cart/checkout.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { qaText as text } from "~/i18n/catalogue/pages/qa.ts";
import { t } from "~/i18n/pages.ts";
import type { Route } from "./+types/qa.ts";

export const handle: PageHandle = { titleBar: t("page.qa.title") };

export const meta: Route.MetaFunction = () => contentMeta(t("page.qa.title"), t("page.qa.description"));

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

export default function Qa({ loaderData }: Route.ComponentProps) {
  const { cardFeeBasisPoints, cardExampleFeeCents, referralPercent, supportWhatsapp } = loaderData;
  const params = {
    cardFee: formatPercent(basisPointsToPercent(cardFeeBasisPoints)),
    examplePayable: formatCents(CARD_FEE_EXAMPLE_PAYABLE),
    exampleFee: formatCents(cardExampleFeeCents),
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
      <ContactSection id="qa-contact" defaults={loaderData.contact} />
    </div>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
