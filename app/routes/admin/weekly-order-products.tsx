import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { ProductsView } from "~/components/admin/weekly-order/products-view.tsx";
import type { WeeklyOrderHandle } from "~/components/admin/weekly-order/shared.tsx";
import { parseWeeklyOrderQuery } from "~/domain/cycles/weekly-order.ts";
import type { Route } from "./+types/weekly-order-products.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.weekly.title");
export const handle: WeeklyOrderHandle = { weeklyOrderView: "products" };

/** /admin/weekly-order?cycle=&page=&print=: what each product of the cycle comes to, a page at a time. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseWeeklyOrderQuery(new URL(request.url).searchParams);
  const service = context.services.cycles.weeklyOrder;
  const cycleId = query.cycleId ?? (await service.latestCycleWithOrders());
  if (cycleId === null) return { content: null };
  const rows = await service.productTotals(cycleId);
  if (query.print) return { content: { rows, total: rows.length, page: 0, pageSize: rows.length } };
  const pages = Math.max(1, Math.ceil(rows.length / query.pageSize));
  const page = Math.min(query.page, pages - 1);
  return {
    content: {
      rows: rows.slice(page * query.pageSize, (page + 1) * query.pageSize),
      total: rows.length,
      page,
      pageSize: query.pageSize,
    },
  };
}

export default function WeeklyOrderProducts({ loaderData }: Route.ComponentProps) {
  return loaderData.content ? <ProductsView content={loaderData.content} /> : null;
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
