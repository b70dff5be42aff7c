import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { PackingView } from "~/components/admin/weekly-order/packing-view.tsx";
import type { WeeklyOrderHandle } from "~/components/admin/weekly-order/shared.tsx";
import { parseWeeklyOrderQuery } from "~/domain/cycles/weekly-order.ts";
import type { Route } from "./+types/weekly-order-packing.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.weekly.title");
export const handle: WeeklyOrderHandle = { weeklyOrderView: "packing" };

/** /admin/weekly-order/packing?cycle=&point=&page=&print=: each pickup point's paid orders to pack. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseWeeklyOrderQuery(new URL(request.url).searchParams);
  const service = context.services.cycles.weeklyOrder;
  const cycleId = query.cycleId ?? (await service.latestCycleWithOrders());
  const base = { cycleId, pointId: query.pointId, print: query.print };
  if (cycleId === null) return { ...base, content: null };
  const paging = query.print ? ("all" as const) : { page: query.page, pageSize: query.pageSize };
  const [list, points] = await Promise.all([
    service.packingLists(cycleId, { pointId: query.pointId, paging }),
    service.pointsInCycle(cycleId),
  ]);
  return { ...base, content: { ...list, points } };
}

export default function WeeklyOrderPacking({ loaderData }: Route.ComponentProps) {
  const { cycleId, content } = loaderData;
  if (cycleId === null || !content) return null;
  return (
    <PackingView content={content} cycleId={cycleId} pointId={loaderData.pointId} print={loaderData.print} />
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
