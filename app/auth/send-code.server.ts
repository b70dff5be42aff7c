import type { AppLoadContext } from "react-router";
import type { SentKey } from "~/i18n/keys.ts";
import { i18nOfRequest } from "~/i18n/request-i18n.server.ts";
import type { VerifyResult } from "~/services/members/auth.server.ts";
import { readDevice } from "./device.server.ts";
import { clientIp } from "./session.server.ts";

export interface SendCodeOutcome {
  sent: boolean;
  /** A toast for the outcome (SPEC §8), or an error to show on the phone field. */
  toast?: SentKey;
  /** In the words of the page that asked (English under /en). */
  phoneError?: string;
  /** Registering a known number: the page moves to sign-in after 3 seconds. */
  haveUser?: boolean;
  /** Past a soft limit: the challenge the browser's widget solves before the code is asked again. */
  challenge?: unknown;
}

/** The shared send-code step of /login and /register. */
export async function sendCode(
  context: AppLoadContext,
  phone: string,
  purpose: "login" | "register",
  request?: { request: Request; formData: FormData },
): Promise<SendCodeOutcome> {
  const { t, dateTime, locale } = i18nOfRequest(request?.request);
  let result: Awaited<ReturnType<typeof context.services.members.auth.sendCode>>;
  const solution = request?.formData.get("altcha");
  try {
    result = await context.services.members.auth.sendCode({
      phone,
      purpose,
      ip: clientIp(context),
      device: request ? readDevice(request.request, context) : null,
      challenge: typeof solution === "string" ? solution : null,
      // The SMS in the language of the page that asked (issue 48).
      locale,
    });
  } catch (error) {
    context.log.error({ err: error }, "sending the sign-in code failed");
    return { sent: false, phoneError: t("auth.smsFailed") };
  }
  switch (result.status) {
    case "sent":
      return { sent: true, toast: "toast.codeSent" };
    case "unknown_member":
      return { sent: false, toast: "toast.registerFirst" };
    case "have_user":
      return { sent: false, toast: "toast.alreadyRegistered", haveUser: true };
    case "locked":
      return { sent: false, phoneError: t("auth.codeLocked", { time: dateTime(result.until) }) };
    case "too_soon":
      return {
        sent: false,
        phoneError: t("auth.codeTooSoon", { seconds: Math.ceil(result.retryAfterMs / 1000) }),
      };
    case "rate_limited":
      return { sent: false, phoneError: t("auth.codeRateLimited") };
    case "challenge_required":
      return { sent: false, phoneError: t("auth.challengeRequired"), challenge: result.challenge };
  }
}

/** Why a texted code was not taken (/login, /register), in the words of the page that posted it. */
export function codeRefusal(request: Request, refused: VerifyResult): string {
  const { t, dateTime } = i18nOfRequest(request);
  if (refused.status === "locked") return t("auth.codeLocked", { time: dateTime(refused.until) });
  return t(refused.status === "expired" ? "auth.codeExpired" : "toast.wrongCode");
}
