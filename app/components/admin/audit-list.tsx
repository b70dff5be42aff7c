import { formatHkAdminTime } from "~/domain/admin-hk-time.ts";
import { isMessageKey, type MessageKey, t } from "~/i18n/admin.ts";

export interface AuditListEntry {
  id: number;
  action: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
  actorPhone: string | null;
  actorLastName: string | null;
  actorFirstName: string | null;
}

/** Field names of audited records, shown with the labels of the forms that change them. */
const fieldLabels: Record<string, MessageKey> = {
  maintenance: "admin.settings.maintenanceSection",
  reopenAt: "admin.settings.reopenAt",
  shopName: "admin.settings.shopName",
  supportWhatsapp: "admin.settings.supportWhatsapp",
  topBanners: "admin.settings.topBanners",
  facebookUrl: "admin.settings.facebookUrl",
  instagramUrl: "admin.settings.instagramUrl",
  lastName: "form.lastName",
  firstName: "form.firstName",
  email: "form.email",
  area: "auth.area",
  adminDistrict: "auth.adminDistrict",
  district: "auth.district",
  type: "admin.member.type",
  agreePromotion: "admin.member.agreePromotion",
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function shownValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return t("admin.none");
  if (typeof value === "boolean") return value ? t("admin.yes") : t("admin.no");
  if (field === "type" && (value === "member" || value === "admin")) return t(`admin.members.type.${value}`);
  if (Array.isArray(value)) return value.length ? value.join("、") : t("admin.none");
  if (typeof value === "string" && ISO_TIME.test(value)) return formatHkAdminTime(new Date(value));
  return String(value);
}

function changes(entry: AuditListEntry): string[] {
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const before = (entry.before ?? {}) as Record<string, unknown>;
  if (entry.action === "member.export")
    return [t("admin.audit.exported", { count: Number(after.count ?? 0) })];
  return Object.keys(after).map((field) => {
    const label = fieldLabels[field] ? t(fieldLabels[field]) : field;
    return `${label}：${shownValue(field, before[field])} → ${shownValue(field, after[field])}`;
  });
}

/** Who changed what and when (DESIGN §4.14), newest first. */
export function AuditList({ entries, emptyText }: { entries: AuditListEntry[]; emptyText: string }) {
  if (entries.length === 0) return <p className="mt-2 text-sm text-stone-600">{emptyText}</p>;
  return (
    <ul className="mt-2 divide-y divide-stone-100" data-testid="audit-list">
      {entries.map((entry) => {
        const actionKey = `admin.audit.${entry.action}`;
        const actor = entry.actorPhone
          ? `${entry.actorLastName ?? ""}${entry.actorFirstName ?? ""}（${entry.actorPhone}）`
          : t("admin.scriptActor");
        return (
          <li key={entry.id} className="py-2.5 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-semibold text-stone-900">
                {isMessageKey(actionKey) ? t(actionKey) : entry.action}
              </span>
              <time dateTime={new Date(entry.createdAt).toISOString()} className="text-xs text-stone-600">
                {formatHkAdminTime(new Date(entry.createdAt))}
              </time>
            </div>
            <p className="text-stone-600">{actor}</p>
            <ul className="mt-1 space-y-0.5 text-stone-700">
              {changes(entry).map((line) => (
                <li key={line} className="break-words">
                  {line}
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
