import { Download, Hourglass, Printer } from "lucide-react";
import { data, Link, redirect, useSearchParams } from "react-router";
import { flashHeader } from "~/auth/flash.server.ts";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { DataTable, TableSearch } from "~/components/admin/data-table.tsx";
import { CollectPanel } from "~/components/admin/orders/collect-panel.tsx";
import { OrderFilterFields, orderColumns, ReadyPanel } from "~/components/admin/orders/order-list.tsx";
import {
  AWAITING_CONFIRMATION,
  adminOrderFilterParams,
  collectSchema,
  type ORDER_STATUSES,
  parseAdminOrderQuery,
  readySchema,
} from "~/domain/orders/admin-order.schema.ts";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { t } from "~/i18n/admin.ts";
import { parseForm } from "~/web/form-parse.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/order.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.orders.title");

/**
 * /admin/order?q=&cycle=&status=&point=&method=&page= : orders, 50 a page, newest first (the PayMe
 * claims waiting for confirmation, `status=awaiting_confirmation`, oldest claim first); collect an
 * order by its pickup code; with a cycle and a pickup point chosen, mark that point's orders ready.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseAdminOrderQuery(new URL(request.url).searchParams);
  const service = context.services.orders.admin;
  const [list, options, readyCount, awaitingCount] = await Promise.all([
    service.list(query),
    service.filterOptions(),
    query.cycleId !== null && query.pickupPointId !== null
      ? service.readyCount(query.cycleId, query.pickupPointId)
      : null,
    service.awaitingCount(),
  ]);
  return {
    ...list,
    ...options,
    readyCount,
    awaitingCount,
    filters: {
      q: query.q,
      cycle: query.cycleId === null ? "" : String(query.cycleId),
      status: query.status ?? "",
      point: query.pickupPointId === null ? "" : String(query.pickupPointId),
      method: query.paymentMethod ?? "",
    },
    exportSearch: adminOrderFilterParams(query).toString(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const formData = await readForm(request, { schemas: [collectSchema, readySchema], names: ["intent"] });
  const service = context.services.orders.admin;
  const back = `/admin/order${new URL(request.url).search}`;

  if (formData.get("intent") === "ready") {
    const ready = parseForm(formData, readySchema);
    if (ready.status !== "success") throw data({ badRequest: true }, { status: 400 });
    const done = await service.markReady(admin.id, ready.value);
    const toast =
      done.ready > 0
        ? ({ kind: "success", key: "toast.order.ready", params: { count: done.ready } } as const)
        : ({ kind: "info", key: "admin.orders.ready.none" } as const);
    throw redirect(back, { headers: [await flashHeader(toast)] });
  }

  const submission = parseForm(formData, collectSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), collected: null, refusal: null }, { status: 400 });
  }
  // Issue 27: the member and the items, shown in the confirmation before anything changes.
  if (formData.get("intent") === "preview") {
    return {
      result: null,
      collected: null,
      refusal: null,
      preview: await service.collectPreview(submission.value.code),
    };
  }
  const outcome = await service.collect(admin.id, submission.value.code);
  if (outcome.status === "collected") {
    return data(
      { result: submission.reply({ resetForm: true }), collected: outcome.order, refusal: null },
      {
        headers: [
          await flashHeader({
            kind: "success",
            key: "toast.order.collected",
            params: { number: outcome.order.number },
          }),
        ],
      },
    );
  }
  const code = submission.value.code;
  const refusal =
    outcome.status === "unknown"
      ? { text: t("admin.orders.collect.unknown", { code }), orderId: null }
      : {
          text:
            outcome.status === "alreadyCollected"
              ? t("admin.orders.collect.alreadyCollected", {
                  number: outcome.number,
                  at: outcome.collectedAt ? formatHkAdminTime(outcome.collectedAt) : t("admin.none"),
                })
              : t(`admin.orders.collect.${outcome.status}`, {
                  number: outcome.number,
                  status: t(`admin.orders.status.${outcome.orderStatus as (typeof ORDER_STATUSES)[number]}`),
                }),
          orderId: outcome.id,
        };
  return data(
    { result: submission.reply(), collected: null, refusal },
    { status: outcome.status === "unknown" ? 404 : 409 },
  );
}

const linkButtonClass =
  "flex items-center gap-2 rounded-lg border border-brand-700 bg-white px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50";

export default function Orders({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const { filters, cycles, points } = loaderData;
  const filterKey = (name: string) => searchParams.get(name) ?? "all";
  const suffix = loaderData.exportSearch ? `?${loaderData.exportSearch}` : "";
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-800">{t("admin.orders.title")}</h1>
        <div className="flex flex-wrap gap-2">
          {/* A file download and a page to print: plain links, no client-side navigation. */}
          <a href={`/admin/order/export.csv${suffix}`} className={linkButtonClass} download>
            <Download className="size-4" aria-hidden="true" />
            {t("admin.orders.export")}
          </a>
          <a
            href={`/admin/order/print${suffix}`}
            className={linkButtonClass}
            target="_blank"
            rel="noreferrer"
          >
            <Printer className="size-4" aria-hidden="true" />
            {t("admin.orders.print")}
          </a>
        </div>
      </div>
      <CollectPanel actionData={actionData} />
      {loaderData.awaitingCount > 0 && filters.status !== AWAITING_CONFIRMATION ? (
        <Link
          to={`?status=${AWAITING_CONFIRMATION}`}
          className="flex items-center gap-2 self-start rounded-lg bg-sky-50 px-3 py-2 font-semibold text-sky-900 ring-1 ring-sky-300 hover:bg-sky-100"
          data-testid="awaiting-link"
        >
          <Hourglass className="size-4" aria-hidden="true" />
          {t("admin.orders.awaiting.link", { count: loaderData.awaitingCount })}
        </Link>
      ) : null}
      <TableSearch
        label={t("admin.orders.searchLabel")}
        value={filters.q}
        filters={
          <OrderFilterFields filters={filters} cycles={cycles} points={points} filterKey={filterKey} />
        }
      />
      <ReadyPanel readyCount={loaderData.readyCount} filters={filters} cycles={cycles} points={points} />
      <DataTable
        caption={t("admin.orders.title")}
        columns={orderColumns}
        rows={loaderData.rows}
        rowId={(row) => String(row.id)}
        rowLabel={(row) => row.number}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        emptyText={t("admin.orders.empty")}
      />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
