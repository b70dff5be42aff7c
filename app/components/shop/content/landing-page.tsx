import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useI18n } from "~/i18n/use-i18n.ts";

/**
 * The frame of the pages that hide the shop navigation (SPEC §2): the layout renders no header,
 * footer or <main> for them, so this gives them a way back home and the main landmark. Its words
 * are the shell's, so any page may use it whatever message groups it names.
 */
export function LandingPage({ children }: { children: ReactNode }) {
  const { t, to } = useI18n();
  return (
    <>
      <header className="bg-white/80 shadow-sm">
        <div className="mx-auto flex max-w-4xl items-center justify-between gap-3 px-4 py-3">
          <Link
            to={to("/")}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t("error.notFound.home")}
          </Link>
          <p className="text-xl font-black tracking-wide text-brand-700">{t("shop.name")}</p>
        </div>
      </header>
      <main className="mx-auto max-w-4xl space-y-6 px-4 pt-6 pb-24">{children}</main>
    </>
  );
}
