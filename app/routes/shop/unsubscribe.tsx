import { CircleCheck, MailX, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { Button } from "~/components/ui/button.tsx";
import { displayWhatsapp } from "~/domain/messages/enquiry-reply.ts";
import { shopNameIn } from "~/i18n/i18n.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import { readGuardedForm, refuseForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/unsubscribe.ts";

/**
 * /unsubscribe?token=… (issue 7): the link at the foot of every campaign email. Needs no sign-in;
 * the signed token says whose address it is. GET asks, POST turns promotions off (mail apps may
 * also POST here directly: RFC 8058 one-click, token in the address).
 */
export const handle: PageHandle = { messages: ["member"] };

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nOf(matches);
  return [{ title: `${t("unsubscribe.title")} | ${t("shop.name")}` }, { name: "robots", content: "noindex" }];
};

type Page =
  | { state: "ask"; email: string }
  | { state: "done"; email: string }
  | { state: "already"; email: string }
  | { state: "forged" | "expired" };

async function shop(context: Route.LoaderArgs["context"]) {
  const settings = await context.services.site.getSettings();
  return { shopName: settings.shopName, support: displayWhatsapp(settings.supportWhatsapp) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const [checked, about] = await Promise.all([
    context.services.messages.campaigns.checkUnsubscribe(token),
    shop(context),
  ]);
  let page: Page;
  if (checked.status !== "valid") page = { state: checked.status };
  else page = { state: checked.agreePromotion ? "ask" : "already", email: checked.email };
  return data(
    { page, token, ...about },
    { status: page.state === "forged" || page.state === "expired" ? 400 : 200 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  // A mail client's one-click unsubscribe (RFC 8058) may post no form at all: the token is in the URL.
  const read = await readGuardedForm(request, { names: ["token", "List-Unsubscribe"] });
  if (read.status === "refused" && read.reason !== "not_a_form") refuseForm(read);
  const form = read.status === "read" ? read.formData : new FormData();
  const fromForm = form.get("token");
  const token =
    typeof fromForm === "string" ? fromForm : (new URL(request.url).searchParams.get("token") ?? "");
  const [done, about] = await Promise.all([
    context.services.messages.campaigns.unsubscribe(token),
    shop(context),
  ]);
  const page: Page = done.status === "done" ? { state: "done", email: done.email } : { state: done.status };
  return data({ page, token, ...about }, { status: page.state === "done" ? 200 : 400 });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const i18n = useI18n();
  const { t, to } = i18n;
  const { page, token, support } = actionData ?? loaderData;
  // The shop's set name in zh-HK, its English name on English pages (as its emails say it).
  const shopName = shopNameIn(i18n, (actionData ?? loaderData).shopName);
  const navigation = useNavigation();
  const working = navigation.state === "submitting";

  return (
    <div className="mx-auto w-full max-w-lg">
      <div
        className="rounded-2xl bg-white p-6 shadow-sm sm:p-8"
        data-testid="unsubscribe"
        data-state={page.state}
      >
        {page.state === "ask" ? (
          <>
            <Heading icon={<MailX className="size-7 text-brand-700" aria-hidden="true" />}>
              {t("unsubscribe.title")}
            </Heading>
            <p className="mt-4 text-stone-800">{t("unsubscribe.question", { shopName })}</p>
            <p className="mt-2 font-semibold break-all text-stone-900">
              {t("unsubscribe.for", { email: page.email })}
            </p>
            <p className="mt-2 text-sm text-stone-600">{t("unsubscribe.keepNote")}</p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="token" value={token} />
              <Button type="submit" disabled={working} className="w-full">
                {working ? t("unsubscribe.working") : t("unsubscribe.confirm")}
              </Button>
            </Form>
          </>
        ) : page.state === "done" || page.state === "already" ? (
          <>
            <Heading icon={<CircleCheck className="size-7 text-emerald-700" aria-hidden="true" />}>
              {t("unsubscribe.done.title")}
            </Heading>
            <p className="mt-4 text-stone-800" role="status">
              {page.state === "done"
                ? t("unsubscribe.done.body", { shopName })
                : t("unsubscribe.already", { shopName })}
            </p>
          </>
        ) : (
          <>
            <Heading icon={<TriangleAlert className="size-7 text-accent-600" aria-hidden="true" />}>
              {t(page.state === "expired" ? "unsubscribe.expired.title" : "unsubscribe.forged.title")}
            </Heading>
            <p className="mt-4 text-stone-800" role="alert">
              {t(page.state === "expired" ? "unsubscribe.expired.body" : "unsubscribe.forged.body")}
            </p>
          </>
        )}
        <p className="mt-6 text-sm text-stone-600">{t("unsubscribe.help", { phone: support })}</p>
        <Link to={to("/")} className="mt-4 inline-block font-semibold text-brand-700 underline">
          {t("unsubscribe.home")}
        </Link>
      </div>
    </div>
  );
}

function Heading({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <h1 className="flex items-center gap-3 text-2xl font-bold text-brand-900">
      {icon}
      {children}
    </h1>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
