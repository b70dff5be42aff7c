import { HelpCircle, MessageCircle } from "lucide-react";
import { data, Link, useRouteLoaderData } from "react-router";
import { getMember } from "~/auth/session.server.ts";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { ContactForm, contactDefaults } from "~/components/shop/contact/contact-form.tsx";
import { enquirySchema } from "~/domain/messages/enquiry.schema.ts";
import { localeOfPath } from "~/i18n/locale.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import type { loader as rootLoader } from "~/root.tsx";
import { parseForm } from "~/web/form-parse.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/contact.ts";

export const handle: PageHandle = { titleBar: "page.contact.title", messages: ["contact"] };

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nOf(matches);
  return [
    { title: `${t("page.contact.title")} | ${t("shop.name")}` },
    { name: "description", content: t("page.contact.description") },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await getMember(request, context);
  const profile = member ? await context.services.members.getProfile(member.id) : null;
  return { defaults: contactDefaults(profile) };
}

/** The one place a contact message is stored; /qa and /account post their forms here. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await readForm(request, { schemas: [enquirySchema] }), enquirySchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sent: false }, { status: 400 });
  }
  // The reply is framed in the language of the page it was sent from.
  const locale = localeOfPath(new URL(request.url).pathname);
  await context.services.messages.enquiries.submitFeedback(submission.value, locale);
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useI18n();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const whatsapp = root?.shop.supportWhatsapp.replace(/\D/g, "");
  return (
    <section className="mx-auto max-w-2xl space-y-5">
      <p className="leading-7 text-stone-700">{t("contact.intro")}</p>
      <div className="rounded-2xl bg-white p-5 shadow-sm">
        <ContactForm defaults={loaderData.defaults} serverReply={actionData} />
      </div>
      <div className="flex flex-wrap gap-3 text-sm">
        <Link
          to={to("/qa")}
          className="inline-flex min-h-11 items-center gap-2 rounded-full border border-brand-300 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
        >
          <HelpCircle className="size-4" aria-hidden="true" />
          {t("contact.faq")}
        </Link>
        {whatsapp ? (
          <a
            href={`https://wa.me/${whatsapp}`}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-brand-300 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
          >
            <MessageCircle className="size-4" aria-hidden="true" />
            {t("chat.whatsapp")}
          </a>
        ) : null}
      </div>
    </section>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
