import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { t } from "~/i18n/index.ts";
import { srcSetFor } from "./image-sources.ts";

export interface PopupBanner {
  title: string;
  subtitle: string | null;
  href: string | null;
  image: string;
}

/** SPEC §9: the home popup appears one second after load. */
export const POPUP_DELAY_MS = 1000;
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
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (closedThisVisit()) return;
    const timer = window.setTimeout(() => setOpen(true), POPUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) rememberClosed();
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/55" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 overflow-hidden rounded-2xl bg-white shadow-xl focus:outline-none"
          data-testid="home-popup"
          // Focus the dialog itself, so its title is read first and no button looks pre-selected.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement).focus();
          }}
        >
          <img
            src={banner.image}
            srcSet={srcSetFor(banner.image)}
            sizes="(min-width: 480px) 26rem, 92vw"
            width={640}
            height={480}
            alt=""
            className="aspect-[4/3] w-full object-cover"
          />
          <div className="p-5 text-center">
            <Dialog.Title className="text-xl font-bold text-brand-800">{banner.title}</Dialog.Title>
            {banner.subtitle ? (
              <Dialog.Description className="mt-2 text-sm leading-6 text-stone-700">
                {banner.subtitle}
              </Dialog.Description>
            ) : (
              <Dialog.Description className="sr-only">{banner.title}</Dialog.Description>
            )}
            <div className="mt-5 flex flex-col gap-2">
              {banner.href ? (
                <Link
                  to={banner.href}
                  onClick={() => onOpenChange(false)}
                  className="rounded-full bg-accent-600 px-5 py-2.5 font-semibold text-white hover:bg-accent-500"
                >
                  {t("home.popup.cta")}
                </Link>
              ) : null}
              <Dialog.Close className="rounded-full px-5 py-2 text-sm text-stone-600 hover:bg-stone-100">
                {t("home.popup.later")}
              </Dialog.Close>
            </div>
          </div>
          <Dialog.Close
            aria-label={t("close")}
            className="absolute top-2 right-2 grid size-9 place-items-center rounded-full bg-white/90 text-stone-700 shadow hover:bg-white"
          >
            <X className="size-5" aria-hidden />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
