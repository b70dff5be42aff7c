import type { CampaignStatus, RecipientStatus } from "~/domain/messages/admin-email.schema.ts";
import { t } from "~/i18n/admin.ts";
import { pillClass } from "./pill.ts";

const campaignClass: Record<CampaignStatus, string> = {
  draft: "bg-stone-200 text-stone-800",
  sending: "bg-amber-100 text-amber-900",
  sent: "bg-emerald-100 text-emerald-900",
};

const recipientClass: Record<RecipientStatus, string> = {
  pending: "bg-stone-200 text-stone-800",
  sending: "bg-amber-100 text-amber-900",
  sent: "bg-emerald-100 text-emerald-900",
  failed: "bg-accent-600 text-white",
};

/** 草稿 · 發送中 · 已完成 */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <span className={`${pillClass} ${campaignClass[status]}`} data-testid="campaign-status">
      {t(`admin.email.status.${status}`)}
    </span>
  );
}

/** 待發送 · 發送中 · 已發送 · 失敗 */
export function RecipientStatusBadge({ status }: { status: RecipientStatus }) {
  return (
    <span className={`${pillClass} ${recipientClass[status]}`}>
      {t(`admin.email.recipientStatus.${status}`)}
    </span>
  );
}
