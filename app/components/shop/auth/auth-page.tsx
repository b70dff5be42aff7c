import type { ReactNode } from "react";
import { Link } from "react-router";
import type { SentKey } from "~/i18n/keys.ts";
import { useI18n } from "~/i18n/use-i18n.ts";

/**
 * The frame of /login and /register: the title, the intro, the last answer's words for a page
 * without script (issue 30 item 6: the toast cannot show them), the form, and the way to the other
 * page ("no account yet? register").
 */
export function AuthPage({
  title,
  intro,
  toast,
  other,
  children,
}: {
  title: SentKey;
  intro: SentKey;
  toast: string | null | undefined;
  /** `to` is the zh-HK address; the link keeps the page's language. */
  other: { question: SentKey; link: SentKey; to: string };
  children: ReactNode;
}) {
  const { t, to } = useI18n();
  return (
    <section className="mx-auto max-w-md">
      <h1 className="text-2xl font-bold text-brand-800">{t(title)}</h1>
      <p className="mt-2 text-stone-600">{t(intro)}</p>
      {toast ? (
        <noscript>
          <p role="status" className="mt-4 rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-900">
            {toast}
          </p>
        </noscript>
      ) : null}
      {children}
      <p className="mt-4 text-center text-sm text-stone-600">
        {t(other.question)}
        <Link to={to(other.to)} className="ml-1 font-semibold text-brand-700 underline">
          {t(other.link)}
        </Link>
      </p>
    </section>
  );
}

/** The white card every sign-in form sits in. */
export const authFormClass = "mt-6 flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm";
