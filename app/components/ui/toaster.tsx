import { Toaster as Sonner, toast } from "sonner";
import { type MessageKey, t } from "~/i18n/index.ts";

/** SPEC §9: toasts last 1500 ms, success and error 3000 ms, at the bottom centre. */
export const TOAST_MS = { normal: 1500, result: 3000 } as const;

export function Toaster() {
  return (
    <Sonner position="bottom-center" duration={TOAST_MS.normal} toastOptions={{ className: "font-sans" }} />
  );
}

/** The one toast helper: catalogue keys in, zh-HK text out. */
export const notify = {
  info: (key: MessageKey) => toast(t(key)),
  success: (key: MessageKey) => toast.success(t(key), { duration: TOAST_MS.result }),
  error: (key: MessageKey) => toast.error(t(key), { duration: TOAST_MS.result }),
};
