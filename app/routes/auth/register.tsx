import { getFormProps, useForm } from "@conform-to/react";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigate, useNavigation, useSearchParams } from "react-router";
import type * as z from "zod/mini";
import { deviceHeaders, readDevice } from "~/auth/device.server.ts";
import { flashHeader } from "~/auth/flash.server.ts";
import { rememberedReferrer } from "~/auth/referral.server.ts";
import { codeRefusal, sendCode } from "~/auth/send-code.server.ts";
import { clientIp, getMember, readSessionToken, sessionHeaders } from "~/auth/session.server.ts";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { AuthPage, authFormClass } from "~/components/shop/auth/auth-page.tsx";
import { codeFormValidation } from "~/components/shop/auth/code-form-validation.ts";
import { PhoneCodeFields } from "~/components/shop/auth/phone-code-fields.tsx";
import { ProfileFields } from "~/components/shop/auth/profile-fields.tsx";
import { SendCodeChallenge } from "~/components/shop/auth/send-code-challenge.tsx";
import { SubmitButton } from "~/components/ui/form-field.tsx";
import { useLazyValidation } from "~/components/ui/form-validation.ts";
import { notify } from "~/components/ui/toaster.tsx";
import { type RegisterInput, registerSchema, sendCodeSchema } from "~/domain/members/member.schema.ts";
import { normalizeReferrer, type ReferrerRefusal } from "~/domain/members/referral.ts";
import type { SentKey } from "~/i18n/keys.ts";
import { i18nOfRequest } from "~/i18n/request-i18n.server.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import { parseForm } from "~/web/form-parse.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/register.ts";

// The area and district names (area-district-fields.tsx).
export const handle: PageHandle = { messages: ["member"] };

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nOf(matches);
  return [
    { title: `${t("auth.registerTitle")} | ${t("shop.name")}` },
    { name: "description", content: t("auth.registerIntro") },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getMember(request, context)) throw redirect(i18nOfRequest(request).to("/account"));
  // A product link shared with `?ref=` earlier (issue 31 item 3) fills the referrer in as this page's own `?ref=` does.
  return data({ referrer: rememberedReferrer(request) }, { headers: deviceHeaders(request, context) });
}

/**
 * SPEC §8 and DESIGN §4.8: why a referrer was refused. A new member has no paid order, no referrer
 * yet and no referees, so only the first two happen at registration; the rest share the profile's words.
 */
const referrerErrors = {
  referrer_missing: "toast.registerReferrerMissing",
  referrer_self: "toast.referrerSelf",
  referrer_locked: "profile.referrerLocked",
  referrer_after_purchase: "toast.referrerAfterPurchase",
  referrer_loop: "toast.referrerLoop",
} as const satisfies Record<ReferrerRefusal, SentKey>;

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request, {
    schemas: [sendCodeSchema, registerSchema],
    names: ["intent", "altcha"],
  });
  const intent = formData.get("intent");
  const submission =
    intent === "send-code" ? parseForm(formData, sendCodeSchema) : parseForm(formData, registerSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), toast: null, haveUser: false }, { status: 400 });
  }

  if (intent === "send-code") {
    const outcome = await sendCode(context, submission.value.phone, "register", { request, formData });
    return data(
      {
        result: submission.reply(outcome.phoneError ? { fieldErrors: { phone: [outcome.phoneError] } } : {}),
        toast: (outcome.toast ?? null) as SentKey | null,
        haveUser: outcome.haveUser ?? false,
        challenge: outcome.challenge ?? null,
      },
      { status: outcome.sent ? 200 : 400, headers: deviceHeaders(request, context) },
    );
  }

  // Not the send-code intent, so the submission was parsed with registerSchema above.
  const input = submission.value as RegisterInput;
  const registered = await context.services.members.register(input, {
    ip: clientIp(context),
    device: readDevice(request, context),
    userAgent: request.headers.get("user-agent"),
    previousToken: await readSessionToken(request, context),
    // Their SMS and emails in the language of the page they registered on (issue 48).
    locale: i18nOfRequest(request).locale,
  });
  switch (registered.status) {
    case "ok": {
      const headers = await sessionHeaders(context, registered.session);
      headers.append(...(await flashHeader({ kind: "success", key: "toast.registerSuccess" })));
      throw redirect(i18nOfRequest(request).to("/success-registration"), { headers });
    }
    case "have_user":
      return data(
        { result: submission.reply(), toast: "toast.welcomeBack" as SentKey, haveUser: true },
        { status: 400 },
      );
    case "referrer_missing":
    case "referrer_self":
    case "referrer_locked":
    case "referrer_after_purchase":
    case "referrer_loop": {
      const key = referrerErrors[registered.status];
      return data(
        {
          // A message key: the field's error shows in the page's language (FormField).
          result: submission.reply({ fieldErrors: { referrer: [key] } }),
          toast: key as SentKey,
          haveUser: false,
        },
        { status: 400 },
      );
    }
    default:
      return data(
        {
          result: submission.reply({ fieldErrors: { code: [codeRefusal(request, registered)] } }),
          toast: null,
          haveUser: false,
        },
        { status: 400 },
      );
  }
}

/** SPEC §8: after "number already registered" the page moves on in 3 seconds. */
const HAVE_USER_DELAY_MS = 3000;

const loadValidation = codeFormValidation("registerSchema");

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useI18n();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const referrer = searchParams.get("ref") ?? loaderData?.referrer ?? null;
  const validate = useLazyValidation(loadValidation);
  const [form, fields] = useForm<z.input<typeof registerSchema>, z.output<typeof registerSchema>>({
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    onValidate: validate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { referrer: referrer ? normalizeReferrer(referrer) : "" },
  });
  const busyIntent = navigation.formData?.get("intent");

  useEffect(() => {
    if (!actionData?.toast) return;
    notify.info(actionData.toast);
    if (!actionData.haveUser) return;
    const phone = fields.phone.value ?? "";
    const timer = setTimeout(
      () => navigate(to(`/login?phone=${encodeURIComponent(phone)}`)),
      HAVE_USER_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [actionData, navigate, to, fields.phone.value]);

  return (
    <AuthPage
      title="auth.registerTitle"
      intro="auth.registerIntro"
      toast={actionData?.toast ? t(actionData.toast) : null}
      other={{ question: "auth.hasAccount", link: "auth.goLogin", to: "/login" }}
    >
      <Form method="post" {...getFormProps(form)} className={authFormClass}>
        <PhoneCodeFields
          phone={fields.phone}
          code={fields.code}
          sending={navigation.state === "submitting" && busyIntent === "send-code"}
        />
        {navigation.state === "idle" && actionData && "challenge" in actionData && actionData.challenge ? (
          <SendCodeChallenge challenge={actionData.challenge} />
        ) : null}
        <ProfileFields fields={fields} />
        <p className="text-xs text-stone-500">
          {t("auth.terms")}{" "}
          <Link to={to("/terms-and-conditions")} className="underline">
            {t("nav.terms")}
          </Link>
        </p>
        <SubmitButton
          name="intent"
          value="register"
          pending={navigation.state === "submitting" && busyIntent === "register"}
          label={t("auth.register")}
          pendingLabel={t("form.submitting")}
        />
      </Form>
    </AuthPage>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
