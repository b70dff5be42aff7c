import { data, redirect } from "react-router";
import { type FlashToast, flashHeader } from "~/auth/flash.server.ts";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import type { WeeklyOrderHandle } from "~/components/admin/weekly-order/shared.tsx";
import { WeighingView } from "~/components/admin/weekly-order/weighing-view.tsx";
import { WEIGHT_MAX_FACTOR } from "~/domain/cycles/settlement.ts";
import {
  formatWeight,
  parseWeeklyOrderQuery,
  weighingEntries,
  weighingSchema,
} from "~/domain/cycles/weekly-order.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { t } from "~/i18n/admin.ts";
import { parseForm } from "~/web/form-parse.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/weekly-order-weighing.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.weekly.title");
export const handle: WeeklyOrderHandle = { weeklyOrderView: "weighing" };

/** /admin/weekly-order/weighing?cycle=&product=&unweighed=&page=&print=: weight-priced lines to weigh. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseWeeklyOrderQuery(new URL(request.url).searchParams);
  const service = context.services.cycles.weeklyOrder;
  const cycleId = query.cycleId ?? (await service.latestCycleWithOrders());
  const base = { cycleId, productId: query.productId, unweighed: query.unweighed };
  if (cycleId === null) return { ...base, content: null };
  const paging = query.print ? ("all" as const) : { page: query.page, pageSize: query.pageSize };
  const [list, products] = await Promise.all([
    service.weighingLines(cycleId, { productId: query.productId, unweighed: query.unweighed, paging }),
    service.weighableProducts(cycleId),
  ]);
  return { ...base, content: { ...list, products } };
}

/** The page's own query string (cycle, filters, page), without the router's parameters. */
function pageSearch(request: Request): string {
  const params = new URLSearchParams(new URL(request.url).search);
  for (const name of ["_routes", "index"]) params.delete(name);
  const search = params.toString();
  return search ? `?${search}` : "";
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = parseForm(await readForm(request, { schemas: [weighingSchema] }), weighingSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), outcomes: [], summary: undefined }, { status: 400 });
  }
  const entries = weighingEntries(submission.value);
  const service = context.services.cycles.weeklyOrder;
  const [results, facts] = await Promise.all([
    service.weigh(admin.id, entries),
    service.linesById(entries.map((entry) => entry.lineId)),
  ]);
  const credited = results.reduce(
    (sum, entry) => sum + (entry.result.status === "weighed" ? entry.result.creditedCents : 0),
    0,
  );
  const refused = results.filter((entry) => entry.result.status === "refused");
  if (refused.length === 0) {
    const toast: FlashToast =
      results.length > 1
        ? ({
            kind: "success",
            key: "admin.weigh.toast.many",
            params: { count: results.length, amount: formatCents(credited) },
          } as const)
        : credited > 0
          ? ({
              kind: "success",
              key: "admin.weigh.toast.one",
              params: { amount: formatCents(credited) },
            } as const)
          : ({ kind: "success", key: "admin.weigh.toast.oneNone" } as const);
    throw redirect(`/admin/weekly-order/weighing${pageSearch(request)}`, {
      headers: [await flashHeader(toast)],
    });
  }
  // Each refusal goes under its line's weight box; each recorded line says what came back.
  const fieldErrors: Record<string, string[]> = {};
  const outcomes = results.map(({ lineId, weight, result }) => {
    const line = facts.find((fact) => fact.id === lineId);
    const unit = line?.unit ?? "";
    if (result.status === "weighed") {
      const text =
        result.creditedCents > 0
          ? t("admin.weigh.done.credited", {
              weight: formatWeight(weight),
              unit,
              amount: formatCents(result.creditedCents),
            })
          : t("admin.weigh.done.none", { weight: formatWeight(weight), unit });
      return { lineId, ok: true, text };
    }
    const text =
      result.reason === "tooHeavy" && line
        ? t("admin.weigh.refusal.tooHeavy", {
            estimated: formatWeight(line.quantity * line.defaultWeight),
            unit,
            factor: WEIGHT_MAX_FACTOR,
          })
        : t(`admin.weigh.refusal.${result.reason}`);
    const index = submission.value.lines.findIndex((entry) => entry.lineId === lineId);
    if (index >= 0) fieldErrors[`lines[${index}].weight`] = [text];
    return { lineId, ok: false, text };
  });
  const summary =
    refused.length === results.length
      ? undefined
      : t("admin.weigh.partial", {
          done: results.length - refused.length,
          amount: formatCents(credited),
          failed: refused.length,
        });
  return data({ result: submission.reply({ fieldErrors }), outcomes, summary }, { status: 409 });
}

export default function WeeklyOrderWeighing({ loaderData, actionData }: Route.ComponentProps) {
  const { cycleId, content } = loaderData;
  if (cycleId === null || !content) return null;
  return (
    <WeighingView
      content={content}
      cycleId={cycleId}
      productId={loaderData.productId}
      unweighed={loaderData.unweighed}
      actionData={actionData}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
