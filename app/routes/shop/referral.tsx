import { Gift } from "lucide-react";
import { type AppLoadContext, Link } from "react-router";
import { getMember } from "~/auth/session.server.ts";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { maskedNeighbor } from "~/components/shop/account/member-name.ts";
import { ContentSection } from "~/components/shop/content/content-section.tsx";
import { CtaLink } from "~/components/shop/content/cta-link.tsx";
import { formatPercent } from "~/components/shop/content/format.ts";
import { PageHero } from "~/components/shop/content/page-hero.tsx";
import { pageMeta } from "~/components/shop/content/page-meta.ts";
import { StepList } from "~/components/shop/content/step-list.tsx";
import { WorkedExample } from "~/components/shop/content/worked-example.tsx";
import { NeighborList } from "~/components/shop/referral/neighbor-list.tsx";
import { SharePanel } from "~/components/shop/referral/share-panel.tsx";
import { localeOfPath, localePath } from "~/i18n/locale.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import type { SessionMember } from "~/services/members/auth.server.ts";
import type { Route } from "./+types/referral.ts";

export const handle: PageHandle = { background: "referral", messages: ["referral"] };

/** The referral rate is a site setting (DESIGN §4.15); both sides get it, hence the "10% split". */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [settings, member] = await Promise.all([
    context.services.site.getSettings(),
    getMember(request, context),
  ]);
  const [exampleRewardCents, share] = await Promise.all([
    // Worked out by settlement's own rule (`referralReward`, decision 0037).
    context.services.cycles.examples.referralReward(EXAMPLE_FIRST_PURCHASE, settings.referralPercent),
    member ? memberShare(member, new URL(request.url), context) : null,
  ]);
  return { referralPercent: settings.referralPercent, exampleRewardCents, share };
}

/**
 * A signed-in member's share links (DESIGN §4.11), in the page's language, and neighbours; referees'
 * numbers leave the server masked.
 */
async function memberShare(member: SessionMember, url: URL, context: AppLoadContext) {
  const locale = localeOfPath(url.pathname);
  const [neighbors, canNameReferrer] = await Promise.all([
    context.services.members.listNeighbors(member.id),
    context.services.members.canNameReferrer(member.id),
  ]);
  const referrer = neighbors.find((neighbor) => neighbor.type === "referrer");
  return {
    links: {
      pageUrl: `${url.origin}${localePath(locale, "/referral")}`,
      // A code, never the phone: links are pasted into WhatsApp groups (DESIGN §4.11).
      referralUrl: `${url.origin}${localePath(locale, "/register")}?ref=${member.referralCode}`,
    },
    referrer: referrer ? { ...maskedNeighbor(referrer), createdAt: referrer.createdAt } : null,
    canNameReferrer,
    referees: neighbors
      .filter((neighbor) => neighbor.type === "referee")
      .map((referee) => ({ ...maskedNeighbor(referee), createdAt: referee.createdAt })),
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const i18n = i18nOf(matches);
  const { t } = i18n;
  return pageMeta(
    i18n,
    t("page.referral.title"),
    t("page.referral.description", rates(data?.referralPercent ?? 5)),
  );
};

function rates(referralPercent: number) {
  return { percent: formatPercent(referralPercent), total: formatPercent(referralPercent * 2) };
}

/** The items amount (the reward's base, DESIGN §4.8) of the worked example's first purchase, in cents. */
const EXAMPLE_FIRST_PURCHASE = 60000;

const steps = ["invite", "register", "purchase", "reward"] as const;
const rules = [1, 2, 3, 4, 5, 6, 7, 8] as const;

export default function Referral({ loaderData }: Route.ComponentProps) {
  const { referralPercent, exampleRewardCents: each, share } = loaderData;
  const { t, money, to } = useI18n();
  const params = rates(referralPercent);
  return (
    <div className="space-y-6">
      <PageHero
        eyebrow={t("referral.eyebrow")}
        title={t("referral.headline", params)}
        lead={t("referral.lead", params)}
      >
        <p className="mt-5 inline-flex items-center gap-3 rounded-2xl bg-rose-700 px-5 py-3 text-lg font-bold text-white shadow">
          <Gift aria-hidden="true" className="size-7 shrink-0" />
          <span className="text-balance">{t("referral.split", params)}</span>
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

      <ContentSection id="how" title={t("referral.steps.title")}>
        <StepList
          steps={steps.map((step) => ({
            title: t(`referral.step.${step}.title`),
            body: t(`referral.step.${step}.body`, params),
          }))}
        />
        <p className="text-sm" data-testid="referral-base">
          {t("referral.base")}
        </p>
        <WorkedExample
          title={t("referral.example.title", { amount: money(EXAMPLE_FIRST_PURCHASE) })}
          rows={[
            { label: t("referral.example.referrer"), value: money(each) },
            { label: t("referral.example.referee"), value: money(each) },
            { label: t("referral.example.total"), value: money(each * 2) },
          ]}
          outcomes={[{ text: t("referral.example.outcome", { each: money(each) }), tone: "good" }]}
        />
      </ContentSection>

      <ContentSection id="rules" title={t("referral.rules.title")}>
        <ul className="list-disc space-y-1 pl-5">
          {rules.map((rule) => (
            <li key={rule}>{t(`referral.rules.${rule}`)}</li>
          ))}
        </ul>
        <p className="text-sm">
          {t("referral.rules.terms")}{" "}
          <Link
            to={to("/terms-and-conditions#terms-referral")}
            className="font-semibold text-brand-700 underline"
          >
            {t("referral.rules.termsLink")}
          </Link>
        </p>
      </ContentSection>

      {share ? null : (
        <section
          aria-labelledby="referral-join"
          className="rounded-2xl bg-brand-800 px-5 py-8 text-center text-white sm:px-8"
        >
          <h2 id="referral-join" className="text-xl font-bold">
            {t("referral.join.title")}
          </h2>
          <p className="mt-2 leading-7 text-brand-100">{t("referral.join.body")}</p>
          <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
            <CtaLink to="/register" variant="secondary">
              {t("referral.join.register")}
            </CtaLink>
            <Link
              to={to("/login")}
              className="inline-flex min-h-11 items-center justify-center rounded-full px-5 py-2 font-semibold text-white underline underline-offset-4 hover:bg-brand-700"
            >
              {t("referral.join.login")}
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
