import type { LucideIcon } from "lucide-react";
import { Copy, Link2, MessageCircle, Share2 } from "lucide-react";
import { copyText } from "~/components/ui/copy-text.ts";
import { notify } from "~/components/ui/toaster.tsx";
import type { SentKey } from "~/i18n/keys.ts";
import { useI18n } from "~/i18n/use-i18n.ts";

export interface ShareLinks {
  /** This page's own address, for people who want to read about the programme first. */
  pageUrl: string;
  /** `${origin}/register?ref=<phone>` (DESIGN §4.11). */
  referralUrl: string;
}

/** The signed-in part of /referral: the member's link, three copy buttons and WhatsApp (SPEC §8 toasts). */
export function SharePanel({ links, percent }: { links: ShareLinks; percent: string }) {
  const { t } = useI18n();
  // The ready-made message a member sends to friends, in the page's language, with the link in it.
  const message = t("referral.share.text", { percent, link: links.referralUrl });
  const copies: { text: string; label: SentKey; toast: SentKey; icon: LucideIcon; testId: string }[] = [
    {
      text: links.referralUrl,
      label: "referral.copyLink",
      toast: "toast.referralLinkCopied",
      icon: Link2,
      testId: "copy-referral-link",
    },
    {
      text: message,
      label: "referral.copyMessage",
      toast: "toast.shareCopied",
      icon: Share2,
      testId: "copy-share-message",
    },
    {
      text: links.pageUrl,
      label: "referral.copyPage",
      toast: "toast.linkCopied",
      icon: Copy,
      testId: "copy-page-link",
    },
  ];

  async function copy(text: string, toast: SentKey) {
    if (await copyText(text)) notify.success(toast);
    else notify.error("referral.copyFailed");
  }

  return (
    <section
      aria-labelledby="referral-share-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-2 ring-rose-200 sm:p-8"
      data-testid="referral-share"
    >
      <h2 id="referral-share-title" className="text-xl font-bold text-brand-800">
        {t("referral.share.title")}
      </h2>
      <p className="mt-2 leading-7 text-stone-700">{t("referral.share.intro", { percent })}</p>
      <p className="mt-2 text-sm leading-6 text-stone-600" data-testid="referral-share-products">
        {t("referral.share.products")}
      </p>

      <dl className="mt-4 space-y-4 text-sm">
        <div>
          <dt className="font-medium text-stone-800">{t("referral.share.link")}</dt>
          <dd
            className="mt-1.5 rounded-lg border border-stone-300 bg-stone-50 px-3 py-2.5 font-mono break-all text-stone-800"
            data-testid="referral-link"
          >
            {links.referralUrl}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-stone-800">{t("referral.share.message")}</dt>
          <dd className="mt-1.5 rounded-lg bg-rose-50 p-3 leading-6 break-words text-stone-700">{message}</dd>
        </div>
      </dl>

      <div className="mt-5 grid gap-2 sm:grid-cols-2">
        <a
          href={`https://wa.me/?text=${encodeURIComponent(message)}`}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-[#187a41] px-5 py-2 font-semibold text-white hover:bg-[#166c3a] sm:col-span-2"
        >
          <MessageCircle aria-hidden="true" className="size-5" />
          {t("referral.whatsapp")}
        </a>
        {copies.map(({ text, label, toast, icon: Icon, testId }) => (
          <button
            key={testId}
            type="button"
            data-testid={testId}
            onClick={() => copy(text, toast)}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-brand-300 bg-white px-5 py-2 font-semibold text-brand-800 hover:bg-brand-50 last:sm:col-span-2"
          >
            <Icon aria-hidden="true" className="size-4" />
            {t(label)}
          </button>
        ))}
      </div>
    </section>
  );
}
