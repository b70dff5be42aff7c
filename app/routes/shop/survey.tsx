import {
  type FieldMetadata,
  getCollectionProps,
  getFormProps,
  getInputProps,
  getTextareaProps,
} from "@conform-to/react";
import { data, Form } from "react-router";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { useSentForm } from "~/components/shop/contact/sent-form.ts";
import { FormField, PageFieldError, SubmitButton } from "~/components/ui/form-field.tsx";
import { Input, Textarea } from "~/components/ui/input.tsx";
import { surveySchema } from "~/domain/messages/enquiry.schema.ts";
import { surveyFrequencies, surveyInterests, surveyRatings } from "~/domain/messages/enquiry-options.ts";
import type { SentKey } from "~/i18n/keys.ts";
import { localeOfPath } from "~/i18n/locale.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import { parseForm } from "~/web/form-parse.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/survey.ts";

export const handle: PageHandle = { titleBar: "survey.titleBar", messages: ["forms"] };

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nOf(matches);
  return [{ title: t("page.survey.title") }, { name: "description", content: t("page.survey.description") }];
};

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await readForm(request, { schemas: [surveySchema] }), surveySchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sent: false }, { status: 400 });
  }
  // The reply is framed in the language of the page it was sent from.
  const locale = localeOfPath(new URL(request.url).pathname);
  await context.services.messages.enquiries.submitSurvey(submission.value, locale);
  return { result: submission.reply({ resetForm: true }), sent: true };
}

function Choices({
  field,
  legend,
  type,
  options,
  label,
}: {
  field: FieldMetadata<unknown>;
  legend: string;
  type: "radio" | "checkbox";
  options: readonly string[];
  label: (option: string) => string;
}) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={field.errorId}>
      <legend className="mb-2 text-sm font-medium text-stone-800">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {getCollectionProps(field, { type, options: [...options] }).map((props) => (
          <label
            key={props.id}
            className="flex cursor-pointer items-center gap-2 rounded-full border border-stone-300 bg-white px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50"
          >
            <input {...props} key={props.key} className="accent-brand-700" />
            {label(props.value)}
          </label>
        ))}
      </div>
      <PageFieldError id={field.errorId} error={field.errors?.[0]} />
    </fieldset>
  );
}

/** The schema and parser load after hydration (see useLazyValidation). */
const loadValidation = () =>
  Promise.all([import("~/components/ui/form-schema.ts"), import("~/domain/messages/enquiry.schema.ts")]).then(
    ([{ parseForm }, { surveySchema }]) =>
      (formData: FormData) =>
        parseForm(formData, surveySchema),
  );

export default function Survey({ actionData }: Route.ComponentProps) {
  const { form, fields, submitting } = useSentForm(loadValidation, actionData, "toast.surveyThanks");
  const { t } = useI18n();

  return (
    <section className="mx-auto max-w-2xl">
      <p className="leading-7 text-stone-700">{t("survey.intro")}</p>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-6 flex flex-col gap-5 rounded-2xl bg-white p-5 shadow-sm"
      >
        <Choices
          field={fields.rating}
          legend={t("survey.rating")}
          type="radio"
          options={surveyRatings}
          label={(value) => t(`survey.rating.${value}` as SentKey)}
        />
        <Choices
          field={fields.frequency}
          legend={t("survey.frequency")}
          type="radio"
          options={surveyFrequencies}
          label={(value) => t(`survey.frequency.${value}` as SentKey)}
        />
        <Choices
          field={fields.interests}
          legend={t("survey.interests")}
          type="checkbox"
          options={surveyInterests}
          label={(value) => t(`survey.interest.${value}` as SentKey)}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField field={fields.name} label={t("survey.name")} hint={t("form.optional")}>
            <Input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" />
          </FormField>
          <FormField field={fields.phone} label={t("survey.phone")} hint={t("form.optional")}>
            <Input {...getInputProps(fields.phone, { type: "tel" })} autoComplete="tel" inputMode="tel" />
          </FormField>
        </div>
        <FormField field={fields.comment} label={t("survey.comment")} hint={t("form.optional")}>
          <Textarea {...getTextareaProps(fields.comment)} rows={4} />
        </FormField>
        <SubmitButton pending={submitting} label={t("form.submit")} pendingLabel={t("form.submitting")} />
      </Form>
    </section>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
