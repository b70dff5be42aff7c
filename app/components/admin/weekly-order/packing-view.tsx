import { Pagination } from "~/components/admin/data-table.tsx";
import { Select } from "~/components/ui/select.tsx";
import { formatWeight } from "~/domain/cycles/weekly-order.ts";
import { t } from "~/i18n/admin.ts";
import { EmptyNote, FilterForm, tdClass, thClass, ViewSection } from "./shared.tsx";

/** A paid order to pack, with its lines. */
interface PackingOrder {
  id: number;
  number: string;
  pickupCode: string;
  remark: string;
  memberName: string;
  phone: string;
  pointId: number;
  pointName: string;
  districtName: string;
  lines: Array<{
    id: number;
    name: string;
    unit: string;
    quantity: number;
    actualWeight: number | null;
    estimatedWeight: number | null;
  }>;
}

export interface PackingLists {
  rows: PackingOrder[];
  total: number;
  page: number;
  pageSize: number;
  points: Array<{ id: number; name: string; districtName: string }>;
}

/** /admin/weekly-order/packing: each pickup point's orders, for the people who pack them. */
export function PackingView({
  content,
  cycleId,
  pointId,
  print,
}: {
  content: PackingLists;
  cycleId: number;
  pointId: number | null;
  print: boolean;
}) {
  const points = new Map<number, { name: string; districtName: string; orders: typeof content.rows }>();
  for (const order of content.rows) {
    const point = points.get(order.pointId) ?? {
      name: order.pointName,
      districtName: order.districtName,
      orders: [],
    };
    point.orders.push(order);
    points.set(order.pointId, point);
  }
  return (
    <div className="flex flex-col gap-4">
      <FilterForm cycleId={cycleId} view="packing" print={print}>
        <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
          {t("admin.weekly.col.point")}
          <Select variant="filter" name="point" defaultValue={pointId ?? ""} key={pointId ?? "all"}>
            <option value="">{t("admin.weekly.allPoints")}</option>
            {content.points.map((point) => (
              <option key={point.id} value={point.id}>
                {`${point.name}（${point.districtName}）`}
              </option>
            ))}
          </Select>
        </label>
      </FilterForm>
      {points.size === 0 ? <EmptyNote>{t("admin.weekly.packingEmpty")}</EmptyNote> : null}
      {[...points.entries()].map(([id, point]) => (
        <ViewSection
          key={id}
          testId="packing-point"
          title={
            <>
              {point.name}
              <span className="ml-2 text-sm font-normal text-stone-600">{point.districtName}</span>
            </>
          }
          count={t("admin.weekly.pointOrders", { count: point.orders.length })}
          caption={`${t("admin.weekly.view.packing")} ${point.name}`}
        >
          <thead className="bg-stone-50">
            <tr>
              <th scope="col" className={thClass}>
                {t("admin.weekly.col.pickupCode")}
              </th>
              <th scope="col" className={thClass}>
                {t("admin.weekly.col.member")}
              </th>
              <th scope="col" className={thClass}>
                {t("admin.weekly.col.lines")}
              </th>
              <th scope="col" className={thClass}>
                {t("admin.weekly.col.remark")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {point.orders.map((order) => (
              <tr key={order.id} data-testid="packing-order">
                <td className={`${tdClass} whitespace-nowrap`}>
                  <span className="font-mono text-base font-bold tracking-wider">{order.pickupCode}</span>
                  <span className="block text-xs text-stone-600">{order.number}</span>
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>
                  {order.memberName}
                  <span className="block text-stone-600 tabular-nums">{order.phone}</span>
                </td>
                <td className={tdClass}>
                  <ul className="space-y-0.5">
                    {order.lines.map((line) => (
                      <li key={line.id}>
                        {line.name} × {line.quantity}
                        {line.estimatedWeight === null ? null : (
                          <span className="ml-1 text-stone-600">
                            （
                            {line.actualWeight === null
                              ? t("admin.weekly.lineEstimated", {
                                  weight: formatWeight(line.estimatedWeight),
                                  unit: line.unit,
                                })
                              : t("admin.weekly.lineWeighed", {
                                  weight: formatWeight(line.actualWeight),
                                  unit: line.unit,
                                })}
                            ）
                          </span>
                        )}
                      </li>
                    ))}
                  </ul>
                </td>
                <td className={`${tdClass} max-w-48 break-words text-stone-700`}>
                  {order.remark || t("admin.none")}
                </td>
              </tr>
            ))}
          </tbody>
        </ViewSection>
      ))}
      {print ? null : (
        <div className="rounded-xl bg-white shadow-sm">
          <Pagination
            total={content.total}
            page={content.page}
            pageSize={content.pageSize}
            shown={content.rows.length}
          />
        </div>
      )}
    </div>
  );
}
