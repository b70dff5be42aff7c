import { getFormProps, useForm } from "@conform-to/react";
import { useEffect } from "react";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import type * as z from "zod/mini";
import { deviceHeaders, readDevice } from "~/auth/device.server.ts";
import { flashHeader } from "~/auth/flash.server.ts";
import { codeRefusal, sendCode } from "~/auth/send-code.server.ts";
import {
  clientIp,
  getMember,
  readSessionToken,
  safeRedirect,
  sessionHeaders,
} from "~/auth/session.server.ts";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { AuthPage, authFormClass } from "~/components/shop/auth/auth-page.tsx";
import { codeFormValidation } from "~/components/shop/auth/code-form-validation.ts";
import { PhoneCodeFields } from "~/components/shop/auth/phone-code-fields.tsx";
import { SendCodeChallenge } from "~/components/shop/auth/send-code-challenge.tsx";
import { SubmitButton } from "~/components/ui/form-field.tsx";
import { useLazyValidation } from "~/components/ui/form-validation.ts";
import { notify } from "~/components/ui/toaster.tsx";
import { loginSchema, sendCodeSchema } from "~/domain/members/member.schema.ts";
import { i18nOfRequest } from "~/i18n/request-i18n.server.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import { parseForm } from "~/web/form-parse.ts";
import { langCookie } from "~/web/language.server.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/login.ts";

export const handle: PageHandle = { messages: ["member"] };

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nOf(matches);
  return [
    { title: `${t("auth.loginTitle")} | ${t("shop.name")}` },
    { name: "description", content: t("auth.loginIntro") },
  ];
};

/** Where a member goes once signed in: the page they came from, else their account in this page's language. */
function afterSignIn(request: Request, redirectTo: FormDataEntryValue | null): string {
  return safeRedirect(redirectTo, i18nOfRequest(request).to("/account"));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getMember(request, context)) {
    throw redirect(afterSignIn(request, new URL(request.url).searchParams.get("redirectTo")));
  }
  return data(null, { headers: deviceHeaders(request, context) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request, {
    schemas: [sendCodeSchema, loginSchema],
    names: ["intent", "redirectTo", "altcha"],
  });
  const intent = formData.get("intent");
  const submission =
    intent === "send-code" ? parseForm(formData, sendCodeSchema) : parseForm(formData, loginSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), toast: null, challenge: null }, { status: 400 });
  }
  const { phone } = submission.value;

  if (intent === "send-code") {
    const outcome = await sendCode(context, phone, "login", { request, formData });
    return data(
      {
        result: submission.reply(outcome.phoneError ? { fieldErrors: { phone: [outcome.phoneError] } } : {}),
        toast: outcome.toast ?? null,
        challenge: outcome.challenge ?? null,
      },
      { status: outcome.sent ? 200 : 400, headers: deviceHeaders(request, context) },
    );
  }

  // Not the send-code intent, so the submission was parsed with loginSchema above.
  const { code } = submission.value as z.output<typeof loginSchema>;
  const signedIn = await context.services.members.auth.signIn({
    phone,
    code,
    ip: clientIp(context),
    device: readDevice(request, context),
    userAgent: request.headers.get("user-agent"),
    previousToken: await readSessionToken(request, context),
  });
  if (signedIn.status === "ok" && signedIn.session) {
    const headers = await sessionHeaders(context, signedIn.session);
    headers.append(...(await flashHeader({ kind: "success", key: "toast.loginSuccess" })));
    // A member's language is their profile's (issue 48): this device keeps it for the home page.
    if (signedIn.locale) headers.append("set-cookie", langCookie(signedIn.locale, new URL(request.url)));
    throw redirect(afterSignIn(request, formData.get("redirectTo")), { headers });
  }
  return data(
    {
      result: submission.reply({ fieldErrors: { code: [codeRefusal(request, signedIn)] } }),
      toast: null,
      challenge: null,
    },
    { status: 400 },
  );
}

const loadValidation = codeFormValidation("loginSchema");

export default function Login({ actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const validate = useLazyValidation(loadValidation);
  const [form, fields] = useForm<z.input<typeof loginSchema>, z.output<typeof loginSchema>>({
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    onValidate: validate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { phone: searchParams.get("phone") ?? "" },
  });
  const busyIntent = navigation.formData?.get("intent");

  useEffect(() => {
    if (actionData?.toast) notify.info(actionData.toast);
  }, [actionData]);

  return (
    <AuthPage
      title="auth.loginTitle"
      intro="auth.loginIntro"
      toast={actionData?.toast ? t(actionData.toast) : null}
      other={{ question: "auth.noAccount", link: "auth.goRegister", to: "/register" }}
    >
      <Form method="post" {...getFormProps(form)} className={authFormClass}>
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <PhoneCodeFields
          phone={fields.phone}
          code={fields.code}
          sending={navigation.state === "submitting" && busyIntent === "send-code"}
        />
        {navigation.state === "idle" && actionData?.challenge ? (
          <SendCodeChallenge challenge={actionData.challenge} />
        ) : null}
        <SubmitButton
          name="intent"
          value="login"
          pending={navigation.state === "submitting" && busyIntent === "login"}
          label={t("auth.login")}
          pendingLabel={t("form.submitting")}
        />
      </Form>
    </AuthPage>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
