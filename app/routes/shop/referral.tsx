import { Gift } from "lucide-react";
import { type AppLoadContext, Link } from "react-router";
import { getMember } from "~/auth/session.server.ts";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { displayPhone, maskPhone } from "~/components/shop/account/member-name.ts";
import { ContentSection } from "~/components/shop/content/content-section.tsx";
import { CtaLink } from "~/components/shop/content/cta-link.tsx";
import { formatPercent } from "~/components/shop/content/format.ts";
import { contentMeta } from "~/components/shop/content/meta.ts";
import { PageHero } from "~/components/shop/content/page-hero.tsx";
import { StepList } from "~/components/shop/content/step-list.tsx";
import { WorkedExample } from "~/components/shop/content/worked-example.tsx";
import { NeighborList } from "~/components/shop/referral/neighbor-list.tsx";
import { SharePanel } from "~/components/shop/referral/share-panel.tsx";
import { formatCents, roundHalfUp } from "~/domain/money.ts";
import { t } from "~/i18n/index.ts";
import type { SessionMember } from "~/services/auth.server.ts";
import type { Route } from "./+types/referral.ts";

export const handle: PageHandle = { background: "referral" };

/** The referral rate is a site setting (DESIGN §4.15); both sides get it, hence the "10% split". */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [settings, member] = await Promise.all([
    context.services.site.getSettings(),
    getMember(request, context),
  ]);
  return {
    referralPercent: settings.referralPercent,
    share: member ? await memberShare(member, new URL(request.url).origin, context) : null,
  };
}

/** A signed-in member's share links (DESIGN §4.11) and neighbours; referees' numbers leave the server masked. */
async function memberShare(member: SessionMember, origin: string, context: AppLoadContext) {
  const neighbors = await context.services.members.listNeighbors(member.id);
  const referrer = neighbors.find((neighbor) => neighbor.type === "referrer");
  return {
    links: {
      pageUrl: `${origin}/referral`,
      referralUrl: `${origin}/register?ref=${member.phone}`,
    },
    referrer: referrer ? { ...referrer, phone: displayPhone(referrer.phone) } : null,
    referees: neighbors
      .filter((neighbor) => neighbor.type === "referee")
      .map((referee) => ({ ...referee, phone: maskPhone(referee.phone) })),
  };
}

export const meta: Route.MetaFunction = ({ data }) => {
  const rates = ratesText(data?.referralPercent ?? 5);
  return contentMeta(t("page.referral.title"), t("page.referral.description", rates));
};

function ratesText(referralPercent: number) {
  return { percent: formatPercent(referralPercent), total: formatPercent(referralPercent * 2) };
}

/** The items amount of the worked example's first purchase, in cents. */
const EXAMPLE_FIRST_PURCHASE = 60000;

export default function Referral({ loaderData }: Route.ComponentProps) {
  const { referralPercent, share } = loaderData;
  const rates = ratesText(referralPercent);
  const each = roundHalfUp((EXAMPLE_FIRST_PURCHASE * referralPercent) / 100);
  return (
    <div className="space-y-6">
      <PageHero
        eyebrow={t("page.referral.eyebrow")}
        title={t("page.referral.headline", rates)}
        lead={t("page.referral.lead", rates)}
      >
        <p className="mt-5 inline-flex items-center gap-3 rounded-2xl bg-rose-700 px-5 py-3 text-lg font-bold text-white shadow">
          <Gift aria-hidden="true" className="size-7 shrink-0" />
          <span className="text-balance">{t("page.referral.split", rates)}</span>
        </p>
      </PageHero>

      {share ? (
        <>
          <SharePanel links={share.links} percent={rates.percent} />
          <NeighborList referrer={share.referrer} referees={share.referees} />
        </>
      ) : null}

      <ContentSection id="how" title={t("page.referral.steps.title")}>
        <StepList
          steps={([1, 2, 3, 4] as const).map((n) => ({
            title: t(`page.referral.step${n}.title`),
            body: t(`page.referral.step${n}.body`, rates),
          }))}
        />
        <WorkedExample
          title={t("page.referral.example.title", { amount: formatCents(EXAMPLE_FIRST_PURCHASE) })}
          rows={[
            { label: t("page.referral.example.referrer"), value: formatCents(each) },
            { label: t("page.referral.example.referee"), value: formatCents(each) },
            { label: t("page.referral.example.total"), value: formatCents(each * 2) },
          ]}
          outcomes={[{ text: t("page.referral.example.outcome", { each: formatCents(each) }), tone: "good" }]}
        />
      </ContentSection>

      <ContentSection id="rules" title={t("page.referral.rules.title")}>
        <ul className="list-disc space-y-1 pl-5">
          {([1, 2, 3, 4, 5] as const).map((n) => (
            <li key={n}>{t(`page.referral.rules.item${n}`)}</li>
          ))}
        </ul>
        <p className="text-sm">
          {t("page.referral.rules.terms")}{" "}
          <Link to="/terms-and-conditions#terms-referral" className="font-semibold text-brand-700 underline">
            {t("page.referral.rules.termsLink")}
          </Link>
        </p>
      </ContentSection>

      {share ? null : (
        <section
          aria-labelledby="referral-join"
          className="rounded-2xl bg-brand-800 px-5 py-8 text-center text-white sm:px-8"
        >
          <h2 id="referral-join" className="text-xl font-bold">
            {t("page.referral.join.title")}
          </h2>
          <p className="mt-2 leading-7 text-brand-100">{t("page.referral.join.body")}</p>
          <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
            <CtaLink to="/register" variant="secondary">
              {t("page.referral.join.register")}
            </CtaLink>
            <Link
              to="/login"
              className="inline-flex min-h-11 items-center justify-center rounded-full px-5 py-2 font-semibold text-white underline underline-offset-4 hover:bg-brand-700"
            >
              {t("page.referral.join.login")}
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
