import { createCookie } from "react-router";
import { isMessageKey, type MessageKey } from "~/i18n/index.ts";

/** A toast carried across a redirect (e.g. "登入成功" after sign-in), shown once. */
const flashCookie = createCookie("gather_toast", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 });

export interface FlashToast {
  kind: "success" | "error" | "info";
  key: MessageKey;
}

export async function flashHeader(toast: FlashToast): Promise<[string, string]> {
  return ["set-cookie", await flashCookie.serialize(toast)];
}

export async function readFlash(
  request: Request,
): Promise<{ toast: FlashToast | null; clear: string | null }> {
  const value: unknown = await flashCookie.parse(request.headers.get("cookie"));
  if (!value || typeof value !== "object") return { toast: null, clear: null };
  const { kind, key } = value as Partial<FlashToast>;
  const clear = await flashCookie.serialize("", { maxAge: 0 });
  if (!key || !isMessageKey(key) || (kind !== "success" && kind !== "error" && kind !== "info")) {
    return { toast: null, clear };
  }
  return { toast: { kind, key }, clear };
}
