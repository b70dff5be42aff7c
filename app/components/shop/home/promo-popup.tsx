import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { isHydrated } from "~/components/layout/first-render.ts";
import { Picture } from "~/components/shop/picture.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { Modal } from "~/components/ui/modal.tsx";
import type { ContentLang } from "~/domain/shared/content-language.ts";
import { useI18n } from "~/i18n/use-i18n.ts";

export interface PopupBanner {
  /** Its words in the page's language, or the Chinese marked (issue 48 item 2). */
  title: string;
  titleLang?: ContentLang;
  subtitle: string | null;
  subtitleLang?: ContentLang;
  href: string | null;
  image: string;
}

/** SPEC §9: the home popup appears one second after load. */
const POPUP_DELAY_MS = 1000;
const CLOSED_KEY = "gather.homePopupClosed";

/** Once closed, the popup stays closed until the browser tab's session ends. */
function closedThisVisit(): boolean {
  try {
    return window.sessionStorage.getItem(CLOSED_KEY) === "1";
  } catch {
    return false;
  }
}

function rememberClosed() {
  try {
    window.sessionStorage.setItem(CLOSED_KEY, "1");
  } catch {
    // Storage can be off (private modes); the popup then simply shows again next visit.
  }
}

export function PromoPopup({ banner }: { banner: PopupBanner }) {
  const { t, to } = useI18n();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (closedThisVisit()) return;
    // On the page's own load the second counts from the load itself (its scripts arrive after the
    // first paint, decision 0019, so hydration may come seconds later); after a link, from arriving.
    const elapsed = isHydrated() ? 0 : performance.now();
    const timer = window.setTimeout(() => setOpen(true), Math.max(0, POPUP_DELAY_MS - elapsed));
    return () => window.clearTimeout(timer);
  }, []);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) rememberClosed();
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      labelledBy="home-popup-title"
      describedBy="home-popup-description"
      testId="home-popup"
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(92vw,26rem)] overflow-y-auto rounded-2xl bg-white shadow-xl"
    >
      <Picture
        src={banner.image}
        sizes="(min-width: 480px) 26rem, 92vw"
        width={640}
        height={480}
        className="aspect-[4/3] w-full object-cover"
      />
      <div className="p-5 text-center">
        <h2 id="home-popup-title" className="text-xl font-bold text-brand-800" lang={banner.titleLang}>
          {banner.title}
        </h2>
        <p
          id="home-popup-description"
          className={banner.subtitle ? "mt-2 text-sm leading-6 text-stone-700" : "sr-only"}
          lang={banner.subtitle ? banner.subtitleLang : banner.titleLang}
        >
          {banner.subtitle ?? banner.title}
        </p>
        <div className="mt-5 flex flex-col gap-2">
          {banner.href ? (
            <Link
              to={to(banner.href)}
              onClick={() => onOpenChange(false)}
              className={buttonClass({ tone: "danger", size: "md" })}
            >
              {t("home.popup.cta")}
            </Link>
          ) : null}
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            className="rounded-full px-5 py-2 text-sm text-stone-600 hover:bg-stone-100"
          >
            {t("home.popup.later")}
          </button>
        </div>
      </div>
      <button
        type="button"
        onClick={() => onOpenChange(false)}
        aria-label={t("common.close")}
        className="absolute top-2 right-2 grid size-9 place-items-center rounded-full bg-white/90 text-stone-700 shadow hover:bg-white"
      >
        <X className="size-5" aria-hidden />
      </button>
    </Modal>
  );
}
