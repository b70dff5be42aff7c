import {
  BadgeAlert,
  BellRing,
  CalendarRange,
  ChartColumn,
  ClipboardList,
  Clock,
  Coins,
  FolderTree,
  GalleryHorizontal,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  Map as MapIcon,
  MapPin,
  MessageSquare,
  Package,
  PackagePlus,
  PiggyBank,
  Settings,
  Store,
  Tags,
  TicketPercent,
  Undo2,
  Users,
  Warehouse,
} from "lucide-react";
import type { MessageKey } from "~/i18n/admin.ts";

export interface AdminMenuItem {
  to: string;
  label: MessageKey;
  icon: LucideIcon;
  /** False until the issue that builds the page lands; the menu shows it greyed as 即將推出. */
  ready: boolean;
}

/** SPEC §2 admin routes, in the order the side menu lists them. */
export const adminMenu: AdminMenuItem[] = [
  { to: "/admin", label: "admin.menu.dashboard", icon: LayoutDashboard, ready: true },
  { to: "/admin/sales", label: "admin.menu.sales", icon: ChartColumn, ready: true },
  { to: "/admin/order", label: "admin.menu.order", icon: ClipboardList, ready: true },
  { to: "/admin/weekly-order", label: "admin.menu.weeklyOrder", icon: CalendarRange, ready: true },
  { to: "/admin/product", label: "admin.menu.product", icon: Package, ready: true },
  { to: "/admin/add-product", label: "admin.menu.addProduct", icon: PackagePlus, ready: true },
  { to: "/admin/category", label: "admin.menu.category", icon: FolderTree, ready: true },
  { to: "/admin/stock", label: "admin.menu.stock", icon: Warehouse, ready: true },
  { to: "/admin/member", label: "admin.menu.member", icon: Users, ready: true },
  { to: "/admin/discount", label: "admin.menu.discount", icon: TicketPercent, ready: true },
  { to: "/admin/dollar", label: "admin.menu.dollar", icon: Coins, ready: true },
  { to: "/admin/store-credit", label: "admin.menu.storeCredit", icon: PiggyBank, ready: true },
  { to: "/admin/payment-review", label: "admin.menu.paymentReview", icon: BadgeAlert, ready: true },
  { to: "/admin/refunds", label: "admin.menu.refunds", icon: Undo2, ready: true },
  { to: "/admin/deadline", label: "admin.menu.deadline", icon: Clock, ready: true },
  { to: "/admin/location", label: "admin.menu.location", icon: MapPin, ready: true },
  { to: "/admin/location-district", label: "admin.menu.locationDistrict", icon: MapIcon, ready: true },
  { to: "/admin/feedback", label: "admin.menu.feedback", icon: MessageSquare, ready: true },
  { to: "/admin/email", label: "admin.menu.email", icon: Mail, ready: true },
  { to: "/admin/merchant", label: "admin.menu.merchant", icon: Store, ready: true },
  { to: "/admin/brand", label: "admin.menu.brand", icon: Tags, ready: true },
  { to: "/admin/banner", label: "admin.menu.banner", icon: GalleryHorizontal, ready: true },
  { to: "/admin/settings", label: "admin.menu.settings", icon: Settings, ready: true },
  { to: "/admin/notifications", label: "admin.menu.notifications", icon: BellRing, ready: true },
];
