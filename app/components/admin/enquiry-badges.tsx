import type { EnquiryKind, EnquiryStatus } from "~/domain/messages/enquiry-inbox.ts";
import { t } from "~/i18n/admin.ts";
import { pillClass } from "./pill.ts";

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

/** 顧客意見 · 供應商查詢 · 問卷 */
export function KindBadge({ kind }: { kind: EnquiryKind }) {
  return <span className={`${pillClass} ${kindClass[kind]}`}>{t(`admin.feedback.kind.${kind}`)}</span>;
}

/** 新訊息 · 已回覆 · 已關閉 */
export function StatusBadge({ status }: { status: EnquiryStatus }) {
  return (
    <span className={`${pillClass} ${statusClass[status]}`} data-testid="enquiry-status">
      {t(`admin.feedback.status.${status}`)}
    </span>
  );
}
