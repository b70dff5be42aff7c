import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { t } from "~/i18n/pages.ts";

/**
 * The frame of the pages that hide the shop navigation (SPEC §2): the layout renders no header,
 * footer or <main> for them, so this gives them a way back home and the main landmark.
 */
export function LandingPage({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="bg-white/80 shadow-sm">
        <div className="mx-auto flex max-w-4xl items-center justify-between gap-3 px-4 py-3">
          <Link
            to="/"
            className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t("page.landing.backHome")}
          </Link>
          <p className="text-xl font-black tracking-wide text-brand-700">{t("shop.name")}</p>
        </div>
      </header>
      <main className="mx-auto max-w-4xl space-y-6 px-4 pt-6 pb-24">{children}</main>
    </>
  );
}
