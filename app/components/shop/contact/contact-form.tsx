import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { CheckCircle2 } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { FormField, SubmitButton } from "~/components/ui/form-field.tsx";
import { useLazyValidation } from "~/components/ui/form-validation.ts";
import { Input, Textarea } from "~/components/ui/input.tsx";
import { notify } from "~/components/ui/toaster.tsx";
import { ENQUIRY_MESSAGE_MAX } from "~/domain/messages/enquiry-options.ts";
import { useI18n } from "~/i18n/use-i18n.ts";

/** The URL whose action stores a contact message (in the page's language); every page with the form posts there. */
const CONTACT_ACTION = "/contact";

export interface ContactDefaults {
  name?: string;
  phone?: string;
  email?: string;
}

/** The form's fields as the browser holds them (text, or absent). */
interface ContactFields {
  name?: string;
  phone?: string;
  email?: string;
  message?: string;
}

/** What POST /contact answers (the form's result, and whether the message was stored). */
export interface ContactReply {
  result: SubmissionResult<string[]>;
  sent: boolean;
}

/** A signed-in member's name, phone and email fill the form in; visitors start empty. */
export function contactDefaults(
  profile: { lastName: string; firstName: string; phone: string; email: string | null } | null,
): ContactDefaults {
  if (!profile) return {};
  return {
    name: `${profile.lastName}${profile.firstName}`,
    phone: profile.phone,
    email: profile.email ?? undefined,
  };
}

/** The schema and parser load after hydration (see useLazyValidation). */
const loadValidation = () =>
  Promise.all([import("~/components/ui/form-schema.ts"), import("~/domain/messages/enquiry.schema.ts")]).then(
    ([{ parseForm }, { enquirySchema }]) =>
      (formData: FormData) =>
        parseForm(formData, enquirySchema),
  );

/**
 * The contact form for members and visitors (issue 7 item 1), posted with a fetcher so the page
 * stays where it is. Without JavaScript it posts to /contact like any form and that page answers.
 * Its words are the `contact` message group's: a page showing it names that group.
 */
export function ContactForm({
  defaults,
  serverReply,
}: {
  defaults: ContactDefaults;
  /** The answer of a post made without JavaScript (the /contact page's own action data). */
  serverReply?: ContactReply;
}) {
  const { t, to } = useI18n();
  const fetcher = useFetcher<ContactReply>();
  const validate = useLazyValidation(loadValidation);
  const reply = fetcher.data ?? serverReply;
  const [form, fields] = useForm<ContactFields>({
    lastResult: fetcher.state === "idle" ? reply?.result : null,
    defaultValue: defaults,
    onValidate: validate,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  useEffect(() => {
    if (fetcher.data?.sent) notify.success("toast.feedbackSent");
  }, [fetcher.data]);

  const messageLength = typeof fields.message.value === "string" ? fields.message.value.length : 0;
  const sent = fetcher.state === "idle" && reply?.sent === true;

  return (
    <fetcher.Form
      method="post"
      action={to(CONTACT_ACTION)}
      {...getFormProps(form)}
      className="grid gap-3 sm:grid-cols-2"
      data-testid="contact-form"
    >
      <div className="sm:col-span-2">
        <FormField field={fields.name} label={t("contact.name")}>
          <Input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" maxLength={80} />
        </FormField>
      </div>
      <FormField field={fields.phone} label={t("contact.phone")} hint={t("contact.contactHint")}>
        <Input {...getInputProps(fields.phone, { type: "tel" })} autoComplete="tel" inputMode="tel" />
      </FormField>
      <FormField field={fields.email} label={t("contact.email")}>
        <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
      </FormField>
      <div className="sm:col-span-2">
        <FormField field={fields.message} label={t("contact.message")}>
          <Textarea {...getTextareaProps(fields.message)} rows={5} />
        </FormField>
        <p
          className={`-mt-4 text-right text-xs tabular-nums ${
            messageLength > ENQUIRY_MESSAGE_MAX ? "font-semibold text-accent-600" : "text-stone-600"
          }`}
        >
          {t("contact.count", { count: messageLength, max: ENQUIRY_MESSAGE_MAX })}
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center">
        <SubmitButton
          pending={fetcher.state !== "idle"}
          label={t("contact.submit")}
          pendingLabel={t("contact.submitting")}
        />
        <p role="status" className="flex items-center gap-1.5 text-sm text-brand-800">
          {sent ? (
            <>
              <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
              {t("contact.sent")}
            </>
          ) : null}
        </p>
      </div>
    </fetcher.Form>
  );
}

/** The contact form in its own card with heading and intro, on a page about something else (/account, /qa). */
export function ContactSection({ id, defaults }: { id: string; defaults: ContactDefaults }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm" data-testid={id}>
      <h2 id={id} className="text-lg font-bold text-brand-800">
        {t("contact.heading")}
      </h2>
      <p className="mt-1 mb-4 text-sm text-stone-700">{t("contact.intro")}</p>
      <ContactForm defaults={defaults} />
    </section>
  );
}
