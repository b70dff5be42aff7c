import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { ChevronLeft } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type * as z from "zod/mini";
import { flashHeader } from "~/auth/flash.server.ts";
import { requireMember } from "~/auth/session.server.ts";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { maskedNeighbor } from "~/components/shop/account/member-name.ts";
import { ProfileFields } from "~/components/shop/auth/profile-fields.tsx";
import { withContent } from "~/components/shop/shop-content.tsx";
import { FormField, SubmitButton } from "~/components/ui/form-field.tsx";
import { useLazyValidation } from "~/components/ui/form-validation.ts";
import { Input } from "~/components/ui/input.tsx";
import { Select } from "~/components/ui/select.tsx";
import { notify } from "~/components/ui/toaster.tsx";
import { profileSchema } from "~/domain/members/member.schema.ts";
import type { ReferrerRefusal } from "~/domain/members/referral.ts";
import { typedTextLang } from "~/domain/shared/content-language.ts";
import { locales } from "~/domain/shared/locales.ts";
import type { SentKey } from "~/i18n/keys.ts";
import { localePath } from "~/i18n/locale.ts";
import { i18nOfRequest } from "~/i18n/request-i18n.server.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import { parseForm } from "~/web/form-parse.ts";
import { langCookie } from "~/web/language.server.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/profile.ts";

// The area and district names (area-district-fields.tsx).
export const handle: PageHandle = { messages: ["member"] };

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nOf(matches);
  return [
    { title: `${t("profile.title")} | ${t("shop.name")}` },
    { name: "description", content: t("profile.intro") },
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember(request, context);
  const [profile, canNameReferrer] = await Promise.all([
    context.services.members.getProfile(member.id),
    context.services.members.canNameReferrer(member.id),
  ]);
  if (!profile) throw new Response("Not found", { status: 404 });
  return {
    // DESIGN §4.8: a member with a paid order can no longer name a referrer; the page says so first.
    referrerClosed: !profile.referrer && !canNameReferrer,
    phone: profile.phone,
    profile: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
      gender: profile.gender ?? undefined,
      area: profile.area ?? undefined,
      adminDistrict: profile.adminDistrict ?? undefined,
      district: profile.district ?? undefined,
      agreePromotion: profile.agreePromotion ? "on" : undefined,
      locale: profile.locale,
      // Once named, the referrer is shown masked below (DESIGN §4.11), never as a number in the field.
      referrer: "",
    },
    referrer: profile.referrer ? maskedNeighbor(profile.referrer) : null,
  };
}

/** SPEC §8: a refused referrer is a toast and, so the member sees which field, the field's error too. */
const referrerErrors = {
  referrer_missing: "toast.profileReferrerMissing",
  referrer_self: "toast.referrerSelf",
  referrer_locked: "profile.referrerLocked",
  referrer_after_purchase: "toast.referrerAfterPurchase",
  referrer_loop: "toast.referrerLoop",
} as const satisfies Record<ReferrerRefusal, SentKey>;

export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMember(request, context);
  const submission = parseForm(await readForm(request, { schemas: [profileSchema] }), profileSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), toast: null }, { status: 400 });
  }
  const updated = await context.services.members.updateProfile(member.id, submission.value);
  if (updated.status === "ok") {
    // A new language shows at once (issue 48): the page in it, and this device keeps it too.
    const locale = submission.value.locale ?? i18nOfRequest(request).locale;
    throw redirect(localePath(locale, "/account/profile"), {
      headers: [
        await flashHeader({ kind: "success", key: "profile.saved" }),
        ["set-cookie", langCookie(locale, new URL(request.url))],
      ],
    });
  }
  const key: SentKey = referrerErrors[updated.status];
  return data(
    { result: submission.reply({ fieldErrors: { referrer: [key] } }), toast: key },
    { status: 400 },
  );
}

/** The schema and parser load after hydration (see useLazyValidation). */
const loadValidation = () =>
  Promise.all([import("~/components/ui/form-schema.ts"), import("~/domain/members/member.schema.ts")]).then(
    ([{ parseForm }, { profileSchema }]) =>
      (formData: FormData) =>
        parseForm(formData, profileSchema),
  );

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const i18n = useI18n();
  const { t, to } = i18n;
  const { phone, profile, referrer, referrerClosed } = loaderData;
  const navigation = useNavigation();
  const validate = useLazyValidation(loadValidation);
  const [form, fields] = useForm<z.input<typeof profileSchema>, z.output<typeof profileSchema>>({
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    onValidate: validate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: profile,
  });

  useEffect(() => {
    if (actionData?.toast) notify.error(actionData.toast);
  }, [actionData]);

  return (
    <section className="mx-auto max-w-md" aria-labelledby="profile-title">
      <Link
        to={to("/account")}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        {t("profile.back")}
      </Link>
      <h1 id="profile-title" className="mt-2 text-2xl font-bold text-brand-800">
        {t("profile.title")}
      </h1>
      <p className="mt-2 text-stone-600">{t("profile.intro")}</p>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-6 flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm"
      >
        {/* Not a form field: the number is the member's identity and the action never reads it. */}
        <div className="flex flex-col gap-1.5">
          <label htmlFor="profile-phone" className="text-sm font-medium text-stone-800">
            {t("auth.phone")}
          </label>
          <Input id="profile-phone" type="tel" value={phone} readOnly aria-describedby="profile-phone-hint" />
          <p id="profile-phone-hint" className="text-xs text-stone-500">
            {t("profile.phoneReadOnly")}
          </p>
        </div>
        <ProfileFields
          fields={fields}
          referrerNote={
            referrer ? t("profile.referrerLocked") : referrerClosed ? t("profile.referrerClosed") : null
          }
        />
        <FormField field={fields.locale} label={t("profile.language")} hint={t("profile.languageHint")}>
          <Select {...getSelectProps(fields.locale)}>
            {locales.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {t(locale === "en" ? "profile.language.en" : "profile.language.zh")}
              </option>
            ))}
          </Select>
        </FormField>
        {referrer ? (
          <p className="-mt-3 text-sm text-stone-700" data-testid="profile-referrer">
            {withContent(i18n, "profile.referrerSet", referrer, {
              name: typedTextLang(referrer.name, i18n.contentLang),
            })}
          </p>
        ) : null}
        <SubmitButton
          pending={navigation.state === "submitting"}
          label={t("profile.save")}
          pendingLabel={t("form.submitting")}
        />
      </Form>
    </section>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
