import { LogOut } from "lucide-react";
import { Form } from "react-router";
import { requireMember } from "~/auth/session.server.ts";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { type AccountLink, AccountLinks, accountIcons } from "~/components/shop/account/account-links.tsx";
import { displayPhone, memberName } from "~/components/shop/account/member-name.ts";
import { ContactSection, contactDefaults } from "~/components/shop/contact/contact-form.tsx";
import { withContent } from "~/components/shop/shop-content.tsx";
import { Button } from "~/components/ui/button.tsx";
import { typedTextLang } from "~/domain/shared/content-language.ts";
import { hkInstantFigures } from "~/domain/shared/hk-time.ts";
import type { SentKey } from "~/i18n/keys.ts";
import { type I18n, i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import type { Route } from "./+types/overview.ts";

// Its own words, and the contact form's at the foot of the page.
export const handle: PageHandle = { messages: ["account", "contact"] };

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nOf(matches);
  return [
    { title: `${t("account.title")} | ${t("shop.name")}` },
    { name: "description", content: t("account.description") },
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember(request, context);
  const [profile, neighbors] = await Promise.all([
    context.services.members.getProfile(member.id),
    context.services.members.listNeighbors(member.id),
  ]);
  if (!profile) throw new Response("Not found", { status: 404 });
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone,
    dDollarCents: profile.dDollarCents,
    joinedAt: profile.createdAt,
    isAdmin: profile.type === "admin",
    refereeCount: neighbors.filter((neighbor) => neighbor.type === "referee").length,
    contact: contactDefaults(profile),
  };
}

/** The day a member joined: "2022年10月17日（星期一）", "17 Oct 2022". */
function joinedOn({ t }: I18n, instant: Date): string {
  const { year, month, day, weekday } = hkInstantFigures(instant);
  return t("account.joinedOn", {
    year,
    month: t(`date.month.${month}` as SentKey),
    day,
    weekday: t(`date.weekday.${weekday}` as SentKey),
  });
}

export default function AccountOverview({ loaderData: member }: Route.ComponentProps) {
  const i18n = useI18n();
  const { t, to, money } = i18n;
  const links: AccountLink[] = [
    {
      to: to("/order"),
      label: t("account.orders"),
      hint: t("account.ordersHint"),
      icon: accountIcons.orders,
    },
    {
      to: to("/account/profile"),
      label: t("account.profile"),
      hint: t("account.profileHint"),
      icon: accountIcons.profile,
    },
    {
      to: to("/account/dollar"),
      label: t("account.dollar"),
      hint: t("account.dollarHint"),
      icon: accountIcons.dollar,
    },
    {
      to: to("/referral"),
      label: t("account.referral"),
      hint: t("account.referralHint", { count: member.refereeCount }),
      icon: accountIcons.referral,
    },
  ];
  if (member.isAdmin) {
    links.push({
      // The back office is in zh-HK only.
      to: "/admin",
      label: t("account.backOffice"),
      hint: t("account.backOfficeHint"),
      icon: accountIcons.admin,
      testId: "account-admin-link",
    });
  }

  return (
    <section className="mx-auto max-w-3xl space-y-5" aria-labelledby="account-title">
      <div className="flex flex-col gap-4 rounded-2xl bg-brand-700 p-5 text-white shadow-sm sm:flex-row sm:items-end sm:justify-between sm:p-6">
        <div>
          <p className="text-sm text-brand-100">{t("account.title")}</p>
          <h1 id="account-title" className="mt-1 text-2xl font-bold">
            {greeting(i18n, memberName(member))}
          </h1>
          <p className="mt-1 text-sm text-brand-100">
            <span className="tabular-nums">+852 {displayPhone(member.phone)}</span>
            <span aria-hidden="true"> · </span>
            {t("account.joined", { date: joinedOn(i18n, member.joinedAt) })}
          </p>
        </div>
        <div className="rounded-xl bg-white/10 px-4 py-3 sm:text-right">
          <p className="text-sm text-brand-100">{t("account.balance")}</p>
          <p className="text-3xl font-black tabular-nums" data-testid="account-balance">
            {money(member.dDollarCents)}
          </p>
          <p className="text-xs text-brand-100">{t("account.balanceNote")}</p>
        </div>
      </div>

      <AccountLinks links={links} />

      <ContactSection id="account-contact" defaults={member.contact} />

      <Form method="post" action={to("/logout")}>
        <Button
          type="submit"
          tone="neutral"
          size="md"
          className="inline-flex min-h-11 w-full items-center justify-center gap-2 bg-white hover:bg-stone-100 sm:w-auto"
        >
          <LogOut aria-hidden="true" className="size-4" />
          {t("auth.logout")}
        </Button>
      </Form>
    </section>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";

/** "Hello, 陳大文!": the name as the member wrote it, marked zh-HK on an English page when it is Chinese. */
function greeting(i18n: I18n, name: string) {
  return withContent(i18n, "account.greeting", { name }, { name: typedTextLang(name, i18n.contentLang) });
}
