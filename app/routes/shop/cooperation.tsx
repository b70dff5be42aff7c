import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { CheckCircle2 } from "lucide-react";
import { data, Form, Link } from "react-router";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { useSentForm } from "~/components/shop/contact/sent-form.ts";
import { FormField, SubmitButton } from "~/components/ui/form-field.tsx";
import { Input, Textarea } from "~/components/ui/input.tsx";
import { Select } from "~/components/ui/select.tsx";
import { supplierEnquirySchema } from "~/domain/messages/enquiry.schema.ts";
import { supplierCategories } from "~/domain/messages/enquiry-options.ts";
import { localeOfPath } from "~/i18n/locale.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import { parseForm } from "~/web/form-parse.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/cooperation.ts";

export const handle: PageHandle = { hideNav: true, messages: ["forms"] };

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nOf(matches);
  return [
    { title: t("page.cooperation.title") },
    { name: "description", content: t("page.cooperation.description") },
  ];
};

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(
    await readForm(request, { schemas: [supplierEnquirySchema] }),
    supplierEnquirySchema,
  );
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sent: false }, { status: 400 });
  }
  // The reply is framed in the language of the page it was sent from.
  const locale = localeOfPath(new URL(request.url).pathname);
  await context.services.messages.enquiries.submitSupplierEnquiry(submission.value, locale);
  return { result: submission.reply({ resetForm: true }), sent: true };
}

/** The schema and parser load after hydration (see useLazyValidation). */
const loadValidation = () =>
  Promise.all([import("~/components/ui/form-schema.ts"), import("~/domain/messages/enquiry.schema.ts")]).then(
    ([{ parseForm }, { supplierEnquirySchema }]) =>
      (formData: FormData) =>
        parseForm(formData, supplierEnquirySchema),
  );

export default function Cooperation({ actionData }: Route.ComponentProps) {
  const { form, fields, submitting } = useSentForm(loadValidation, actionData, "toast.supplierRegistered");
  const { t, to } = useI18n();

  return (
    <main className="mx-auto max-w-2xl px-4 py-8">
      <Link to={to("/")} className="text-sm text-brand-700 underline-offset-2 hover:underline">
        ← {t("cooperation.back")}
      </Link>
      <h1 className="mt-4 text-2xl font-bold text-brand-800">{t("cooperation.heading")}</h1>
      <p className="mt-3 leading-7 text-stone-700">{t("cooperation.intro")}</p>
      <ul className="mt-4 space-y-2">
        {(["cooperation.point1", "cooperation.point2", "cooperation.point3"] as const).map((key) => (
          <li key={key} className="flex gap-2 text-stone-700">
            <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
            {t(key)}
          </li>
        ))}
      </ul>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-8 grid gap-3 rounded-2xl bg-white p-5 shadow-sm sm:grid-cols-2"
      >
        <div className="sm:col-span-2">
          <FormField field={fields.company} label={t("cooperation.company")}>
            <Input {...getInputProps(fields.company, { type: "text" })} autoComplete="organization" />
          </FormField>
        </div>
        <FormField field={fields.name} label={t("cooperation.contactName")}>
          <Input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" />
        </FormField>
        <FormField field={fields.phone} label={t("form.phone")}>
          <Input {...getInputProps(fields.phone, { type: "tel" })} autoComplete="tel" inputMode="tel" />
        </FormField>
        <FormField field={fields.email} label={t("form.email")}>
          <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
        </FormField>
        <FormField field={fields.category} label={t("cooperation.category")}>
          <Select {...getSelectProps(fields.category)}>
            <option value="">{t("cooperation.categoryPlaceholder")}</option>
            {supplierCategories.map((category) => (
              <option key={category} value={category}>
                {t(`cooperation.category.${category}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <div className="sm:col-span-2">
          <FormField field={fields.message} label={t("cooperation.message")}>
            <Textarea {...getTextareaProps(fields.message)} rows={5} />
          </FormField>
        </div>
        <div className="sm:col-span-2">
          <SubmitButton pending={submitting} label={t("form.submit")} pendingLabel={t("form.submitting")} />
        </div>
      </Form>
    </main>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
