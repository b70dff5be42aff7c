import { MessageCircle } from "lucide-react";
import { t } from "~/i18n/index.ts";

/** SPEC §1: a floating button opening a WhatsApp chat with the support number. */
export function WhatsAppButton({ phone }: { phone: string }) {
  return (
    <a
      href={`https://wa.me/${phone.replace(/\D/g, "")}`}
      target="_blank"
      rel="noreferrer noopener"
      aria-label={t("chat.whatsapp")}
      data-testid="whatsapp-button"
      className="fixed right-4 bottom-4 z-30 flex size-14 items-center justify-center rounded-full bg-[#1e8a4c] text-white shadow-lg hover:bg-[#187540]"
    >
      <MessageCircle className="size-7" aria-hidden="true" />
    </a>
  );
}
