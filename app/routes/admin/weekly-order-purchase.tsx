import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { PurchaseView } from "~/components/admin/weekly-order/purchase-view.tsx";
import type { WeeklyOrderHandle } from "~/components/admin/weekly-order/shared.tsx";
import { parseWeeklyOrderQuery } from "~/domain/cycles/weekly-order.ts";
import type { Route } from "./+types/weekly-order-purchase.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.weekly.title");
export const handle: WeeklyOrderHandle = { weeklyOrderView: "purchase" };

/** /admin/weekly-order/purchase?cycle=&print=: the products still to deliver, by merchant. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseWeeklyOrderQuery(new URL(request.url).searchParams);
  const service = context.services.cycles.weeklyOrder;
  const cycleId = query.cycleId ?? (await service.latestCycleWithOrders());
  return { merchants: cycleId === null ? null : await service.purchaseLists(cycleId) };
}

export default function WeeklyOrderPurchase({ loaderData }: Route.ComponentProps) {
  return loaderData.merchants ? <PurchaseView merchants={loaderData.merchants} /> : null;
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
