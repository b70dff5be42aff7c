import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { formatCents } from "~/domain/shared/money.ts";
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
  cardFeeBasisPoints: "admin.settings.cardFeePercent",
  referralPercent: "admin.settings.referralPercent",
  // Banners (/admin/banner, issue 27 item 6).
  title: "admin.banner.field.title",
  subtitle: "admin.audit.field.subtitle",
  href: "admin.audit.field.href",
  imageDesktop: "admin.audit.field.imageDesktop",
  imageMobile: "admin.audit.field.imageMobile",
  kind: "admin.audit.field.kind",
  lastName: "form.lastName",
  firstName: "form.firstName",
  email: "form.email",
  // Campaign emails (issue 7).
  subject: "admin.email.subject",
  recipients: "admin.email.col.recipients",
  area: "auth.area",
  adminDistrict: "auth.adminDistrict",
  district: "auth.district",
  type: "admin.member.type",
  agreePromotion: "admin.member.agreePromotion",
  stock: "admin.stock.col.stock",
  // Categories, merchants and brands (issue 4 item 6).
  name: "admin.field.name",
  slug: "admin.field.slug",
  description: "admin.field.description",
  address: "admin.field.address",
  logo: "admin.field.logo",
  image: "admin.field.image",
  freeDelivery: "admin.field.freeDelivery",
  featured: "admin.field.featured",
  isMeat: "admin.field.isMeat",
  position: "admin.field.position",
  parentId: "admin.field.parentId",
  products: "admin.field.products",
  pickupPoints: "admin.field.pickupPoints",
  children: "admin.field.children",
  // English texts beside the Chinese ones (issue 48 item 2).
  nameEn: "admin.field.nameEn",
  descriptionEn: "admin.field.descriptionEn",
  addressEn: "admin.field.addressEn",
  hoursEn: "admin.point.hoursEn",
  titleEn: "admin.banner.field.titleEn",
  subtitleEn: "admin.audit.field.subtitleEn",
  // Products (issue 4 item 6); prices are shown as money, the mode by its name.
  mode: "admin.product.mode",
  priceCents: "price.original",
  gatherPriceCents: "price.gather",
  marketPriceCents: "price.market",
  unit: "admin.product.unit",
  defaultWeight: "admin.product.field.defaultWeight",
  addToCartQty: "admin.product.addToCartQty",
  maxPerMember: "admin.product.maxPerMember",
  targetBuyers: "admin.product.targetBuyers",
  isPublished: "admin.product.isPublished",
  ageRestricted: "admin.product.field.ageRestricted",
  categoryId: "admin.product.category",
  subcategoryId: "admin.product.subcategory",
  brandId: "admin.product.brand",
  merchantId: "admin.product.merchant",
  images: "admin.product.section.images",
  // Pickup points and districts (issue 5 item 6); charges are cents, shown as money.
  districtId: "admin.audit.field.district",
  hours: "admin.audit.field.hours",
  deliveryChargeCents: "admin.audit.field.deliveryCharge",
  runFeeCents: "admin.audit.field.runFee",
  active: "admin.audit.field.active",
  bannerDesktop: "admin.audit.field.bannerDesktop",
  bannerMobile: "admin.audit.field.bannerMobile",
  // Discount codes (issue 5 item 6).
  code: "admin.discount.code",
  percentageDiscount: "admin.discount.percentage",
  minItemsCents: "admin.discount.minItems",
  totalLimit: "admin.discount.totalLimit",
  perMemberLimit: "admin.discount.perMemberLimit",
  startsAt: "admin.discount.startsAt",
  endsAt: "admin.discount.endsAt",
  // Order cycles and weighing (issue 6).
  cutoffAt: "admin.audit.field.cutoffAt",
  pickupFrom: "admin.audit.field.pickupFrom",
  pickupTo: "admin.audit.field.pickupTo",
  status: "admin.audit.field.cycleStatus",
  confirmedOrders: "admin.audit.field.confirmedOrders",
  membersCredited: "admin.audit.field.membersCredited",
  creditedCents: "admin.audit.field.creditedCents",
  actualWeight: "admin.audit.field.actualWeight",
  // Closing, settling with unpaid orders, the weekly cut-off, opening days (issue 27 item 7).
  nextCycleId: "admin.audit.field.nextCycleId",
  cancelledOrders: "admin.audit.field.cancelledOrders",
  cancelledClaims: "admin.audit.field.cancelledClaims",
  weekday: "admin.audit.field.weekday",
  minute: "admin.audit.field.minute",
  openDays: "admin.audit.field.openDays",
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function shownValue(field: string, value: unknown): string {
  if (field === "stock" && value === null) return t("admin.stock.unlimited");
  if (value === null || value === undefined || value === "") return t("admin.none");
  if (typeof value === "boolean") return value ? t("admin.yes") : t("admin.no");
  if (field === "cardFeeBasisPoints" && typeof value === "number") return `${value / 100}%`;
  if (field === "referralPercent" && typeof value === "number") return `${value}%`;
  if (field === "kind" && (value === "carousel" || value === "popup" || value === "top")) {
    return t(`admin.banners.kind.${value}`);
  }
  if (field === "type" && (value === "member" || value === "admin")) return t(`admin.members.type.${value}`);
  if (field === "status" && (value === "open" || value === "settling" || value === "settled")) {
    return t(`admin.cycles.status.${value}`);
  }
  if (field.endsWith("Cents") && typeof value === "number" && Number.isInteger(value))
    return formatCents(value);
  if (field === "mode" && (value === "general" || value === "limited" || value === "instock")) {
    return t(`mode.${value}`);
  }
  if (Array.isArray(value)) return value.length ? value.join("、") : t("admin.none");
  if (typeof value === "string" && ISO_TIME.test(value)) return formatHkAdminTime(new Date(value));
  return String(value);
}

function changes(entry: AuditListEntry): string[] {
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const before = (entry.before ?? {}) as Record<string, unknown>;
  if (entry.action === "member.export")
    return [t("admin.audit.exported", { count: Number(after.count ?? 0) })];
  // A new product's every field would fill the panel; its form shows them.
  if (entry.action === "product.create") return [];
  // An enquiry's status and replies show on its own page.
  if (entry.action.startsWith("enquiry.")) return [];
  if (entry.action === "stock.import") {
    return [
      t("admin.audit.stockImported", {
        fileName: String(after.fileName ?? ""),
        count: Number(after.count ?? 0),
      }),
    ];
  }
  return Object.keys(after).map((field) => {
    const key =
      entry.action.startsWith("banner.") && field === "active"
        ? "admin.banner.field.active"
        : fieldLabels[field];
    const label = key ? t(key) : field;
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
