import { type ComponentType, useEffect, useState } from "react";
import type { SentKey } from "~/i18n/keys.ts";
import { type I18n, useI18n } from "~/i18n/use-i18n.ts";

/** SPEC §9: toasts last 1500 ms, success and error 3000 ms, at the bottom centre. */
const TOAST_MS = { normal: 1500, result: 3000 } as const;

type Sonner = typeof import("sonner");

// sonner loads with the first toast, so pages that never toast do not ship it.
let mountToaster: ((sonner: Sonner) => void) | undefined;
let onToasterMounted: (() => void) | undefined;
let loaded: Promise<Sonner> | undefined;

function loadToaster(): Promise<Sonner> {
  loaded ??= import("sonner").then(
    (sonner) =>
      new Promise<Sonner>((resolve) => {
        onToasterMounted = () => resolve(sonner);
        if (mountToaster) mountToaster(sonner);
        else resolve(sonner);
      }),
  );
  return loaded;
}

// The page's words, for toasts raised outside rendering (toasts are shown in the browser only).
let words: I18n | undefined;

export function Toaster() {
  words = useI18n();
  const [sonner, setSonner] = useState<Sonner | null>(null);
  useEffect(() => {
    mountToaster = setSonner;
    return () => {
      mountToaster = undefined;
    };
  }, []);
  // Runs after sonner's own <Toaster> has subscribed (children's effects run first).
  useEffect(() => {
    if (sonner) onToasterMounted?.();
  }, [sonner]);
  if (!sonner) return null;
  const SonnerToaster = sonner.Toaster as ComponentType<Parameters<Sonner["Toaster"]>[0]>;
  return (
    <SonnerToaster
      position="bottom-center"
      duration={TOAST_MS.normal}
      toastOptions={{ className: "font-sans" }}
    />
  );
}

type Params = Record<string, string | number>;
// A key of the shell or of a group the page names (the page raising the toast has its words loaded).
type MessageKey = SentKey;
const t = (key: MessageKey, params?: Params) => words?.t(key, params) ?? key;

/** The one toast helper: catalogue keys (and their {placeholders}) in, the page's language out. */
export const notify = {
  info: (key: MessageKey, params?: Params) => void loadToaster().then(({ toast }) => toast(t(key, params))),
  success: (key: MessageKey, params?: Params) =>
    void loadToaster().then(({ toast }) => toast.success(t(key, params), { duration: TOAST_MS.result })),
  error: (key: MessageKey, params?: Params) =>
    void loadToaster().then(({ toast }) => toast.error(t(key, params), { duration: TOAST_MS.result })),
  /** Text the server has already put into words (a toast carried across a redirect). */
  text: (kind: "info" | "success" | "error", text: string) =>
    void loadToaster().then(({ toast }) =>
      kind === "info" ? toast(text) : toast[kind](text, { duration: TOAST_MS.result }),
    ),
};
