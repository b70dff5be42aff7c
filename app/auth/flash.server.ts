import { createCookie } from "react-router";
import { isMessageKey, type MessageKey, t } from "~/i18n/admin.ts";
import { formatMessage } from "~/i18n/format.ts";
import { messagesOf } from "~/i18n/load-messages.ts";
import { localeOfPath } from "~/i18n/locale.ts";
import "~/i18n/messages.server.ts";

/** A toast carried across a redirect (e.g. "登入成功" after sign-in), shown once. */
const flashCookie = createCookie("gather_toast", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 });

export interface FlashToast {
  kind: "success" | "error" | "info";
  key: MessageKey;
  /** Fills the message's {placeholders}, e.g. how many products a CSV import updated. */
  params?: Record<string, string | number>;
}

function isToastParams(value: unknown): value is Record<string, string | number> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((item) => typeof item === "string" || typeof item === "number")
  );
}

export async function flashHeader(toast: FlashToast): Promise<[string, string]> {
  return ["set-cookie", await flashCookie.serialize(toast)];
}

/**
 * The toast in words: the server holds every catalogue, so a back-office message never has to
 * ship with the storefront's shared words just to be shown after a redirect.
 */
export interface ShownToast {
  kind: FlashToast["kind"];
  text: string;
}

/**
 * The toast in the language of the page it is shown on (decision 0054): English under /en, zh-HK
 * elsewhere; the back office's toasts have no English and stay in zh-HK.
 */
function toastText(request: Request, key: MessageKey, params: FlashToast["params"]): string {
  const english = localeOfPath(new URL(request.url).pathname) === "en" ? messagesOf("en")[key] : undefined;
  return english === undefined ? t(key, params) : formatMessage(english, params, "en");
}

export async function readFlash(
  request: Request,
): Promise<{ toast: ShownToast | null; clear: string | null }> {
  const value: unknown = await flashCookie.parse(request.headers.get("cookie"));
  if (!value || typeof value !== "object") return { toast: null, clear: null };
  const { kind, key, params } = value as Partial<FlashToast>;
  const clear = await flashCookie.serialize("", { maxAge: 0 });
  if (!key || !isMessageKey(key) || (kind !== "success" && kind !== "error" && kind !== "info")) {
    return { toast: null, clear };
  }
  return {
    toast: { kind, text: toastText(request, key, isToastParams(params) ? params : undefined) },
    clear,
  };
}
