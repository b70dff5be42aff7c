import type { CycleStatus } from "~/domain/cycles/admin-cycle.schema.ts";
import type { GroupStatus } from "~/domain/cycles/cycle-report.ts";
import { t } from "~/i18n/admin.ts";
import { pillClass } from "./pill.ts";

const cycleClasses: Record<CycleStatus, string> = {
  open: "bg-emerald-50 text-emerald-800",
  settling: "bg-amber-50 text-amber-900",
  settled: "bg-stone-100 text-stone-700",
};

/** An order cycle's status in zh-HK: 接受訂單中 / 已截單，待結算 / 已結算. */
export function CycleStatusBadge({ status }: { status: CycleStatus }) {
  return (
    <span className={`${pillClass} ${cycleClasses[status]}`} data-testid="cycle-status">
      {t(`admin.cycles.status.${status}`)}
    </span>
  );
}

const groupClasses: Record<GroupStatus, string> = {
  instock: "bg-stone-100 text-stone-700",
  met: "bg-emerald-50 text-emerald-800",
  missed: "bg-red-50 text-accent-600",
  reached: "bg-emerald-50 text-emerald-800",
  short: "bg-amber-50 text-amber-900",
};

/** A product's group in a cycle: decided (成團 / 未成團) or provisional before settlement. */
export function GroupStatusBadge({ status }: { status: GroupStatus }) {
  return <span className={`${pillClass} ${groupClasses[status]}`}>{t(`admin.group.${status}`)}</span>;
}
