import { Gift } from "lucide-react";
import { type AppLoadContext, Link } from "react-router";
import { getMember } from "~/auth/session.server.ts";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { maskedNeighbor } from "~/components/shop/account/member-name.ts";
import { ContentSection } from "~/components/shop/content/content-section.tsx";
import { CtaLink } from "~/components/shop/content/cta-link.tsx";
import { fill, formatPercent } from "~/components/shop/content/format.ts";
import { contentMeta } from "~/components/shop/content/meta.ts";
import { PageHero } from "~/components/shop/content/page-hero.tsx";
import { StepList } from "~/components/shop/content/step-list.tsx";
import { WorkedExample } from "~/components/shop/content/worked-example.tsx";
import { NeighborList } from "~/components/shop/referral/neighbor-list.tsx";
import { SharePanel } from "~/components/shop/referral/share-panel.tsx";
import { formatCents } from "~/domain/shared/money.ts";
import { referralText as text } from "~/i18n/catalogue/pages/referral.ts";
import { t } from "~/i18n/pages.ts";
import type { SessionMember } from "~/services/members/auth.server.ts";
import type { Route } from "./+types/referral.ts";

export const handle: PageHandle = { background: "referral" };

/** The referral rate is a site setting (DESIGN §4.15); both sides get it, hence the "10% split". */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [settings, member] = await Promise.all([
    context.services.site.getSettings(),
    getMember(request, context),
  ]);
  const [exampleRewardCents, share] = await Promise.all([
    // Worked out by settlement's own rule (`referralReward`, decision 0037).
    context.services.cycles.examples.referralReward(EXAMPLE_FIRST_PURCHASE, settings.referralPercent),
    member ? memberShare(member, new URL(request.url).origin, context) : null,
  ]);
  return { referralPercent: settings.referralPercent, exampleRewardCents, share };
}

/** A signed-in member's share links (DESIGN §4.11) and neighbours; referees' numbers leave the server masked. */
async function memberShare(member: SessionMember, origin: string, context: AppLoadContext) {
  const [neighbors, canNameReferrer] = await Promise.all([
    context.services.members.listNeighbors(member.id),
    context.services.members.canNameReferrer(member.id),
  ]);
  const referrer = neighbors.find((neighbor) => neighbor.type === "referrer");
  return {
    links: {
      pageUrl: `${origin}/referral`,
      // A code, never the phone: links are pasted into WhatsApp groups (DESIGN §4.11).
      referralUrl: `${origin}/register?ref=${member.referralCode}`,
    },
    referrer: referrer ? { ...maskedNeighbor(referrer), createdAt: referrer.createdAt } : null,
    canNameReferrer,
    referees: neighbors
      .filter((neighbor) => neighbor.type === "referee")
      .map((referee) => ({ ...maskedNeighbor(referee), createdAt: referee.createdAt })),
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  contentMeta(t("page.referral.title"), t("page.referral.description", rates(data?.referralPercent ?? 5)));

function rates(referralPercent: number) {
  return { percent: formatPercent(referralPercent), total: formatPercent(referralPercent * 2) };
}

/** The items amount (the reward's base, DESIGN §4.8) of the worked example's first purchase, in cents. */
const EXAMPLE_FIRST_PURCHASE = 60000;

export default function Referral({ loaderData }: Route.ComponentProps) {
  const { referralPercent, exampleRewardCents: each, share } = loaderData;
  const params = rates(referralPercent);
  return (
    <div className="space-y-6">
      <PageHero eyebrow={text.eyebrow} title={fill(text.headline, params)} lead={fill(text.lead, params)}>
        <p className="mt-5 inline-flex items-center gap-3 rounded-2xl bg-rose-700 px-5 py-3 text-lg font-bold text-white shadow">
          <Gift aria-hidden="true" className="size-7 shrink-0" />
          <span className="text-balance">{fill(text.split, params)}</span>
        </p>
      </PageHero>

      {share ? (
        <>
          <SharePanel links={share.links} percent={params.percent} />
          <NeighborList
            referrer={share.referrer}
            referees={share.referees}
            canNameReferrer={share.canNameReferrer}
          />
        </>
      ) : null}

      <ContentSection id="how" title={text.steps.title}>
        <StepList steps={text.steps.items.map((step) => ({ ...step, body: fill(step.body, params) }))} />
        <p className="text-sm" data-testid="referral-base">
          {text.base}
        </p>
        <WorkedExample
          title={fill(text.example.title, { amount: formatCents(EXAMPLE_FIRST_PURCHASE) })}
          rows={[
            { label: text.example.referrer, value: formatCents(each) },
            { label: text.example.referee, value: formatCents(each) },
            { label: text.example.total, value: formatCents(each * 2) },
          ]}
          outcomes={[{ text: fill(text.example.outcome, { each: formatCents(each) }), tone: "good" }]}
        />
      </ContentSection>

      <ContentSection id="rules" title={text.rules.title}>
        <ul className="list-disc space-y-1 pl-5">
          {text.rules.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="text-sm">
          {text.rules.terms}{" "}
          <Link to="/terms-and-conditions#terms-referral" className="font-semibold text-brand-700 underline">
            {text.rules.termsLink}
          </Link>
        </p>
      </ContentSection>

      {share ? null : (
        <section
          aria-labelledby="referral-join"
          className="rounded-2xl bg-brand-800 px-5 py-8 text-center text-white sm:px-8"
        >
          <h2 id="referral-join" className="text-xl font-bold">
            {text.join.title}
          </h2>
          <p className="mt-2 leading-7 text-brand-100">{text.join.body}</p>
          <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
            <CtaLink to="/register" variant="secondary">
              {text.join.register}
            </CtaLink>
            <Link
              to="/login"
              className="inline-flex min-h-11 items-center justify-center rounded-full px-5 py-2 font-semibold text-white underline underline-offset-4 hover:bg-brand-700"
            >
              {text.join.login}
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
