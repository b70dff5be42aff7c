import { useI18n } from "~/i18n/use-i18n.ts";

/**
 * SPEC §1: a floating button opening a WhatsApp chat with the support number. `inline`: the same
 * link at the end of the page, where it covers nothing (pages with prices and buttons at the edge).
 */
export function WhatsAppButton({ phone, inline = false }: { phone: string; inline?: boolean }) {
  const { t } = useI18n();
  return (
    <a
      href={`https://wa.me/${phone.replace(/\D/g, "")}`}
      target="_blank"
      rel="noreferrer noopener"
      aria-label={t("chat.whatsapp")}
      data-testid="whatsapp-button"
      className={
        inline
          ? "mx-auto mb-6 flex w-fit items-center gap-2 rounded-full bg-[#187540] px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-[#12613a]"
          : "fixed right-4 bottom-4 z-30 flex size-14 items-center justify-center rounded-full bg-[#1e8a4c] text-white shadow-lg hover:bg-[#187540]"
      }
    >
      <span className={inline ? "icon icon-chat size-5" : "icon icon-chat size-7"} />
      {inline ? <span aria-hidden="true">{t("chat.whatsapp")}</span> : null}
    </a>
  );
}
