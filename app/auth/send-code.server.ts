import type { AppLoadContext } from "react-router";
import { formatHkDateTime } from "~/domain/shared/hk-time.ts";
import type { MessageKey } from "~/i18n/index.ts";
import { t } from "~/i18n/index.ts";
import { readDevice } from "./device.server.ts";
import { clientIp } from "./session.server.ts";

export interface SendCodeOutcome {
  sent: boolean;
  /** A toast for the outcome (SPEC §8), or an error to show on the phone field. */
  toast?: MessageKey;
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
  let result: Awaited<ReturnType<typeof context.services.members.auth.sendCode>>;
  const solution = request?.formData.get("altcha");
  try {
    result = await context.services.members.auth.sendCode({
      phone,
      purpose,
      ip: clientIp(context),
      device: request ? readDevice(request.request, context) : null,
      challenge: typeof solution === "string" ? solution : null,
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
      return { sent: false, phoneError: t("auth.codeLocked", { time: formatHkDateTime(result.until) }) };
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
