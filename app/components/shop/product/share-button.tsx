import { useRouteLoaderData } from "react-router";
import type { ProductCardView } from "~/domain/catalogue/catalogue.ts";
import { productShareUrl, shareLines, shareText, whatsappShareHref } from "~/domain/catalogue/share.ts";
import { shareFormatOf } from "~/i18n/share-format.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import type { loader as rootLoader } from "~/root.tsx";

/**
 * The drawer's share button (issue 31 item 3): WhatsApp with the product's name, group price, live
 * progress and cut-off, and its link, in the page's language (issue 48 item 4: an English page
 * shares English words and its /en link); a signed-in member's link carries their referral (`ref`).
 * A plain link, so it works before the page's scripts and without them.
 */
export function ShareButton({ product, cutoffAt }: { product: ProductCardView; cutoffAt: string | null }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const i18n = useI18n();
  const { t, to } = i18n;
  const link = productShareUrl(root?.shop.origin ?? "", product.id, root?.member?.referralCode, to("/all"));
  const href = whatsappShareHref(shareText(shareLines(product, cutoffAt, shareFormatOf(i18n)), link));
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t("share.whatsappLabel", { name: product.name })}
      data-testid="share-whatsapp"
      className="flex min-h-11 shrink-0 items-center gap-1.5 rounded-full bg-[#187a41] px-3 py-2 text-sm font-semibold text-white hover:bg-[#166c3a]"
    >
      <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true">
        <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z" />
      </svg>
      {t("share.whatsapp")}
    </a>
  );
}
