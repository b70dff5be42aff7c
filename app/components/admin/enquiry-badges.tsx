import type { EnquiryKind, EnquiryStatus } from "~/domain/messages/enquiry-inbox.ts";
import { t } from "~/i18n/admin.ts";

const kindClass: Record<EnquiryKind, string> = {
  feedback: "bg-sky-100 text-sky-900",
  supplier: "bg-amber-100 text-amber-900",
  survey: "bg-violet-100 text-violet-900",
};

const statusClass: Record<EnquiryStatus, string> = {
  new: "bg-accent-600 text-white",
  replied: "bg-emerald-100 text-emerald-900",
  closed: "bg-stone-200 text-stone-700",
};

const pill = "inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold";

/** 顧客意見 · 供應商查詢 · 問卷 */
export function KindBadge({ kind }: { kind: EnquiryKind }) {
  return <span className={`${pill} ${kindClass[kind]}`}>{t(`admin.feedback.kind.${kind}`)}</span>;
}

/** 新訊息 · 已回覆 · 已關閉 */
export function StatusBadge({ status }: { status: EnquiryStatus }) {
  return (
    <span className={`${pill} ${statusClass[status]}`} data-testid="enquiry-status">
      {t(`admin.feedback.status.${status}`)}
    </span>
  );
}
