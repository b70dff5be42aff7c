import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Download, FileSpreadsheet, Printer } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation, useSubmit } from "react-router";
import type { z } from "zod";
import { type FlashToast, flashHeader } from "~/auth/flash.server.ts";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { CycleStatusBadge, GroupStatusBadge } from "~/components/admin/cycle-status-badge.tsx";
import { DataTable, type DataTableColumn, Pagination } from "~/components/admin/data-table.tsx";
import { PrintButton } from "~/components/admin/print-button.tsx";
import { RecordErrorPanel } from "~/components/admin/record-error-panel.tsx";
import { notFound } from "~/components/admin/record-route.ts";
import { Button } from "~/components/ui/button.tsx";
import { FieldError } from "~/components/ui/form-field.tsx";
import { Select } from "~/components/ui/select.tsx";
import { formatHkAdminTime } from "~/domain/hk-time.ts";
import { formatCents } from "~/domain/money.ts";
import { WEIGHT_MAX_FACTOR } from "~/domain/settlement.ts";
import {
  formatWeight,
  parseWeeklyOrderQuery,
  type WeeklyOrderView,
  weeklyOrderExportViews,
  weeklyOrderViews,
  weighingEntries,
  weighingSchema,
} from "~/domain/weekly-order.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { readForm } from "~/services/request-body.server.ts";
import type { Route } from "./+types/weekly-order.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.weekly.title");

/**
 * /admin/weekly-order?cycle=&view=&page=&point=&product=&unweighed=&print= (issue 6 item 6): one
 * cycle's paid orders as product totals, packing lists per pickup point, purchase lists per
 * merchant, and the weighing form. Without `cycle`, the latest cycle with paid orders.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseWeeklyOrderQuery(new URL(request.url).searchParams);
  const service = context.services.weeklyOrder;
  const [options, latest] = await Promise.all([
    service.cycleOptions(),
    query.cycleId === null ? service.latestCycleWithOrders() : null,
  ]);
  const cycleId = query.cycleId ?? latest;
  const base = {
    view: query.view,
    print: query.print,
    pointId: query.pointId,
    productId: query.productId,
    unweighed: query.unweighed,
    options: options.map((option) => ({ ...option, cutoffAt: option.cutoffAt.toISOString() })),
  };
  if (cycleId === null) return { ...base, cycle: null, content: null };
  const summary = await service.summary(cycleId);
  if (!summary) notFound();
  const paging = query.print ? ("all" as const) : { page: query.page, pageSize: query.pageSize };
  const cycle = {
    ...summary,
    cycle: {
      id: summary.cycle.id,
      status: summary.cycle.status,
      cutoffAt: summary.cycle.cutoffAt.toISOString(),
      pickupFrom: summary.cycle.pickupFrom,
      pickupTo: summary.cycle.pickupTo,
    },
  };
  return { ...base, cycle, content: await viewContent(context, cycleId, query, paging) };
}

async function viewContent(
  context: Route.LoaderArgs["context"],
  cycleId: number,
  query: ReturnType<typeof parseWeeklyOrderQuery>,
  paging: "all" | { page: number; pageSize: number },
) {
  const service = context.services.weeklyOrder;
  switch (query.view) {
    case "products": {
      const rows = await service.productTotals(cycleId);
      if (paging === "all")
        return { view: "products" as const, rows, total: rows.length, page: 0, pageSize: rows.length };
      const pages = Math.max(1, Math.ceil(rows.length / paging.pageSize));
      const page = Math.min(paging.page, pages - 1);
      return {
        view: "products" as const,
        rows: rows.slice(page * paging.pageSize, (page + 1) * paging.pageSize),
        total: rows.length,
        page,
        pageSize: paging.pageSize,
      };
    }
    case "packing": {
      const [list, points] = await Promise.all([
        service.packingLists(cycleId, { pointId: query.pointId, paging }),
        service.pointsInCycle(cycleId),
      ]);
      return { view: "packing" as const, ...list, points };
    }
    case "purchase":
      return { view: "purchase" as const, merchants: await service.purchaseLists(cycleId) };
    case "weighing": {
      const [list, products] = await Promise.all([
        service.weighingLines(cycleId, { productId: query.productId, unweighed: query.unweighed, paging }),
        service.weighableProducts(cycleId),
      ]);
      return { view: "weighing" as const, ...list, products };
    }
  }
}

/** The page's own query string (cycle, view, filters, page), without the router's parameters. */
function pageSearch(request: Request): string {
  const params = new URLSearchParams(new URL(request.url).search);
  for (const name of ["_routes", "index"]) params.delete(name);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The weighing form: one line (its row's button) or every line given a weight (DESIGN §4.9). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = parseWithZod(await readForm(request, { schemas: [weighingSchema] }), {
    schema: weighingSchema,
  });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), outcomes: [], summary: undefined }, { status: 400 });
  }
  const entries = weighingEntries(submission.value);
  const service = context.services.weeklyOrder;
  const [results, facts] = await Promise.all([
    service.weigh(admin.id, entries),
    service.linesById(entries.map((entry) => entry.lineId)),
  ]);
  const credited = results.reduce(
    (sum, entry) => sum + (entry.result.ok ? entry.result.creditedCents : 0),
    0,
  );
  const refused = results.filter((entry) => !entry.result.ok);
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
    throw redirect(`/admin/weekly-order${pageSearch(request)}`, { headers: [await flashHeader(toast)] });
  }
  // Each refusal goes under its line's weight box; each recorded line says what came back.
  const fieldErrors: Record<string, string[]> = {};
  const outcomes = results.map(({ lineId, weight, result }) => {
    const line = facts.find((fact) => fact.id === lineId);
    const unit = line?.unit ?? "";
    if (result.ok) {
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

type LoaderData = Route.ComponentProps["loaderData"];
type Content = NonNullable<LoaderData["content"]>;
type CycleSummary = NonNullable<LoaderData["cycle"]>;
type ContentOf<View extends WeeklyOrderView> = Extract<Content, { view: View }>;

const secondaryButton =
  "flex items-center gap-2 rounded-lg border border-brand-700 bg-white px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50";

export default function WeeklyOrder({ loaderData }: Route.ComponentProps) {
  const { cycle, content, view, print } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-800">
          {t("admin.weekly.title")}
          {print ? ` · ${t(`admin.weekly.view.${view}`)}` : null}
        </h1>
        <CyclePicker loaderData={loaderData} />
      </div>
      {cycle && content ? (
        <>
          <Summary cycle={cycle} />
          <Toolbar cycleId={cycle.cycle.id} view={view} print={print} />
          {content.view === "products" ? <ProductsView content={content} /> : null}
          {content.view === "packing" ? (
            <PackingView
              content={content}
              cycleId={cycle.cycle.id}
              pointId={loaderData.pointId}
              print={print}
            />
          ) : null}
          {content.view === "purchase" ? <PurchaseView content={content} /> : null}
          {content.view === "weighing" ? (
            <WeighingView
              content={content}
              cycleId={cycle.cycle.id}
              productId={loaderData.productId}
              unweighed={loaderData.unweighed}
            />
          ) : null}
        </>
      ) : (
        <p className="rounded-xl bg-white p-6 text-stone-700 shadow-sm">{t("admin.weekly.noCycle")}</p>
      )}
    </div>
  );
}

function CyclePicker({ loaderData }: { loaderData: LoaderData }) {
  const submit = useSubmit();
  const selected = loaderData.cycle?.cycle.id;
  return (
    <Form
      method="get"
      className="flex flex-wrap items-end gap-2 print:hidden"
      onChange={(event) => submit(event.currentTarget)}
    >
      <input type="hidden" name="view" value={loaderData.view} />
      <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
        {t("admin.weekly.cycle")}
        <Select variant="filter" name="cycle" defaultValue={selected ?? ""} key={selected ?? "none"}>
          {loaderData.options.map((option) => (
            <option key={option.id} value={option.id}>
              {t("admin.weekly.cycleOption", {
                cutoff: formatHkAdminTime(new Date(option.cutoffAt)),
                status: t(`admin.cycles.status.${option.status}`),
                orders: option.paidOrders,
              })}
            </option>
          ))}
        </Select>
      </label>
      <noscript>
        <button type="submit" className="rounded-lg bg-brand-700 px-3 py-2 font-semibold text-white">
          {t("admin.weekly.show")}
        </button>
      </noscript>
    </Form>
  );
}

function Summary({ cycle }: { cycle: CycleSummary }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="flex flex-wrap items-center gap-2 text-stone-800" data-testid="weekly-summary">
        <CycleStatusBadge status={cycle.cycle.status} />
        {t("admin.weekly.summary", {
          cutoff: formatHkAdminTime(new Date(cycle.cycle.cutoffAt)),
          from: cycle.cycle.pickupFrom,
          to: cycle.cycle.pickupTo,
          orders: cycle.paidOrders,
          members: cycle.members,
        })}
      </p>
      {cycle.pendingOrders > 0 ? (
        <p className="text-sm text-stone-600">
          {t("admin.weekly.pendingNote", { count: cycle.pendingOrders })}
        </p>
      ) : null}
    </div>
  );
}

function Toolbar({ cycleId, view, print }: { cycleId: number; view: WeeklyOrderView; print: boolean }) {
  const exportable = (weeklyOrderExportViews as readonly string[]).includes(view);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
      <nav
        aria-label={t("admin.weekly.views")}
        className="flex flex-wrap gap-1 rounded-xl bg-white p-1 shadow-sm"
      >
        {weeklyOrderViews.map((value) => (
          <Link
            key={value}
            to={`?cycle=${cycleId}&view=${value}`}
            aria-current={value === view ? "page" : undefined}
            className={`rounded-lg px-3 py-1.5 text-sm font-semibold ${
              value === view ? "bg-brand-700 text-white" : "text-brand-800 hover:bg-brand-50"
            }`}
          >
            {t(`admin.weekly.view.${value}`)}
          </Link>
        ))}
      </nav>
      <div className="flex flex-wrap gap-2">
        {exportable ? (
          <a
            href={`/admin/weekly-order/export.csv?cycle=${cycleId}&view=${view}`}
            className={secondaryButton}
            download
          >
            <Download className="size-4" aria-hidden="true" />
            {t("admin.weekly.exportCsv")}
          </a>
        ) : null}
        <a href={`/admin/weekly-order/export.xlsx?cycle=${cycleId}`} className={secondaryButton} download>
          <FileSpreadsheet className="size-4" aria-hidden="true" />
          {t("admin.weekly.exportXlsx")}
        </a>
        {print ? (
          <>
            <Link to={`?cycle=${cycleId}&view=${view}`} className={secondaryButton}>
              {t("admin.weekly.pagedView")}
            </Link>
            <PrintButton label={t("admin.weekly.print")} />
          </>
        ) : (
          <Link to={`?cycle=${cycleId}&view=${view}&print=1`} className={secondaryButton}>
            <Printer className="size-4" aria-hidden="true" />
            {t("admin.weekly.printView")}
          </Link>
        )}
      </div>
    </div>
  );
}

const weight = (value: number | null, unit = "") =>
  value === null ? t("admin.none") : `${formatWeight(value)}${unit ? ` ${unit}` : ""}`;

type ProductRow = ContentOf<"products">["rows"][number];

const productColumns: DataTableColumn<ProductRow>[] = [
  { id: "product", header: t("admin.weekly.col.product"), cell: (row) => row.name },
  { id: "mode", header: t("admin.weekly.col.mode"), cell: (row) => t(`mode.${row.mode}`) },
  {
    id: "quantity",
    header: t("admin.weekly.col.quantity"),
    className: "text-right tabular-nums",
    cell: (row) => row.quantity,
  },
  {
    id: "buyers",
    header: t("admin.weekly.col.buyers"),
    className: "text-right tabular-nums",
    cell: (row) => row.buyers,
  },
  {
    id: "target",
    header: t("admin.weekly.col.target"),
    className: "text-right tabular-nums",
    cell: (row) => row.targetBuyers ?? t("admin.none"),
  },
  {
    id: "group",
    header: t("admin.weekly.col.group"),
    cell: (row) => <GroupStatusBadge status={row.status} />,
  },
  {
    id: "estimated",
    header: t("admin.weekly.col.estimated"),
    className: "text-right tabular-nums",
    cell: (row) => weight(row.estimatedWeight, row.unit),
  },
  {
    id: "weighed",
    header: t("admin.weekly.col.weighed"),
    className: "text-right tabular-nums",
    cell: (row) =>
      row.weightLines === 0 ? (
        t("admin.none")
      ) : (
        <span>
          {weight(row.weighedWeight, row.unit)}
          <span className="ml-1 text-xs text-stone-600">
            （{t("admin.weekly.weighedOf", { done: row.weighedLines, all: row.weightLines })}）
          </span>
        </span>
      ),
  },
  {
    id: "merchant",
    header: t("admin.weekly.col.merchant"),
    cell: (row) => row.merchantName ?? t("admin.weekly.noMerchant"),
  },
];

function ProductsView({ content }: { content: ContentOf<"products"> }) {
  return (
    <DataTable
      caption={t("admin.weekly.view.products")}
      columns={productColumns}
      rows={content.rows}
      rowId={(row) => String(row.productId)}
      rowLabel={(row) => row.name}
      total={content.total}
      page={content.page}
      pageSize={Math.max(1, content.pageSize)}
      emptyText={t("admin.weekly.emptyProducts")}
    />
  );
}

const sectionClass =
  "overflow-hidden rounded-xl bg-white shadow-sm print:break-inside-avoid print:shadow-none";
const thClass = "whitespace-nowrap px-3 py-2 text-left text-xs font-semibold text-stone-600";
const tdClass = "px-3 py-2 align-top";

function PackingView({
  content,
  cycleId,
  pointId,
  print,
}: {
  content: ContentOf<"packing">;
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
      {points.size === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-stone-600 shadow-sm">
          {t("admin.weekly.packingEmpty")}
        </p>
      ) : null}
      {[...points.entries()].map(([id, point]) => (
        <section key={id} className={`${sectionClass} print:break-after-page`} data-testid="packing-point">
          <h2 className="flex flex-wrap items-baseline justify-between gap-2 border-b border-stone-200 px-3 py-2.5">
            <span className="text-lg font-semibold text-stone-900">
              {point.name}
              <span className="ml-2 text-sm font-normal text-stone-600">{point.districtName}</span>
            </span>
            <span className="text-sm text-stone-600">
              {t("admin.weekly.pointOrders", { count: point.orders.length })}
            </span>
          </h2>
          <div className="overflow-x-auto print:overflow-visible">
            <table className="min-w-full text-sm">
              <caption className="sr-only">{`${t("admin.weekly.view.packing")} ${point.name}`}</caption>
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
            </table>
          </div>
        </section>
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

/** A view's filters: a GET form that applies as soon as a control changes. */
function FilterForm({
  cycleId,
  view,
  print = false,
  children,
}: {
  cycleId: number;
  view: WeeklyOrderView;
  print?: boolean;
  children: ReactNode;
}) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      className="flex flex-wrap items-end gap-3 print:hidden"
      onChange={(event) => submit(event.currentTarget)}
    >
      <input type="hidden" name="cycle" value={cycleId} />
      <input type="hidden" name="view" value={view} />
      {print ? <input type="hidden" name="print" value="1" /> : null}
      {children}
      <noscript>
        <button type="submit" className="rounded-lg bg-brand-700 px-3 py-2 font-semibold text-white">
          {t("admin.weekly.show")}
        </button>
      </noscript>
    </Form>
  );
}

function PurchaseView({ content }: { content: ContentOf<"purchase"> }) {
  if (content.merchants.length === 0) {
    return (
      <p className="rounded-xl bg-white p-6 text-center text-stone-600 shadow-sm">
        {t("admin.weekly.emptyProducts")}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {content.merchants.map((merchant) => (
        <section
          key={merchant.merchantId ?? "none"}
          className={`${sectionClass} print:break-after-page`}
          data-testid="purchase-merchant"
        >
          <h2 className="flex flex-wrap items-baseline justify-between gap-2 border-b border-stone-200 px-3 py-2.5">
            <span className="text-lg font-semibold text-stone-900">
              {merchant.merchantName ?? t("admin.weekly.noMerchant")}
            </span>
            <span className="text-sm text-stone-600">
              {t("admin.weekly.merchantProducts", { count: merchant.products.length })}
            </span>
          </h2>
          <div className="overflow-x-auto print:overflow-visible">
            <table className="min-w-full text-sm">
              <caption className="sr-only">{`${t("admin.weekly.view.purchase")} ${merchant.merchantName ?? ""}`}</caption>
              <thead className="bg-stone-50">
                <tr>
                  <th scope="col" className={thClass}>
                    {t("admin.weekly.col.product")}
                  </th>
                  <th scope="col" className={`${thClass} text-right`}>
                    {t("admin.weekly.col.quantity")}
                  </th>
                  <th scope="col" className={`${thClass} text-right`}>
                    {t("admin.weekly.col.estimated")}
                  </th>
                  <th scope="col" className={`${thClass} text-right`}>
                    {t("admin.weekly.col.weighed")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100 tabular-nums">
                {merchant.products.map((product) => (
                  <tr key={product.productId}>
                    <td className={tdClass}>{product.name}</td>
                    <td className={`${tdClass} text-right`}>{product.quantity}</td>
                    <td className={`${tdClass} text-right`}>
                      {weight(product.estimatedWeight, product.unit)}
                    </td>
                    <td className={`${tdClass} text-right`}>
                      {product.weightLines === 0
                        ? t("admin.none")
                        : weight(product.weighedWeight, product.unit)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}

type WeighRow = ContentOf<"weighing">["rows"][number];

function WeighingView({
  content,
  cycleId,
  productId,
  unweighed,
}: {
  content: ContentOf<"weighing">;
  cycleId: number;
  productId: number | null;
  unweighed: boolean;
}) {
  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-3xl text-stone-700">{t("admin.weigh.intro")}</p>
      <FilterForm cycleId={cycleId} view="weighing">
        <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
          {t("admin.weigh.product")}
          <Select variant="filter" name="product" defaultValue={productId ?? ""} key={productId ?? "all"}>
            <option value="">{t("admin.weigh.allProducts")}</option>
            {content.products.map((product) => (
              <option key={product.id} value={product.id}>
                {product.name}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex items-center gap-2 py-2 text-sm text-stone-800">
          <input
            type="checkbox"
            name="unweighed"
            value="1"
            defaultChecked={unweighed}
            key={String(unweighed)}
            className="size-4 accent-brand-700"
          />
          {t("admin.weigh.unweighed")}
        </label>
      </FilterForm>
      {/* A weighed line shows its new weight: the form starts afresh with the page's rows. */}
      <WeighingForm
        key={content.rows.map((row) => `${row.id}:${row.actualWeight ?? ""}`).join(",")}
        content={content}
        cycleId={cycleId}
      />
    </div>
  );
}

function WeighingForm({ content, cycleId }: { content: ContentOf<"weighing">; cycleId: number }) {
  const navigation = useNavigation();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof weighingSchema>, z.output<typeof weighingSchema>>({
    id: "weighing",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    defaultValue: {
      cycle: String(cycleId),
      lines: content.rows.map((row) => ({ lineId: String(row.id), weight: "" })),
    },
    constraint: getZodConstraint(weighingSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: weighingSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const lineFields = fields.lines.getFieldList();
  const indexOf = new Map(content.rows.map((row, index) => [row.id, index]));
  const outcomes = new Map((actionData?.outcomes ?? []).map((outcome) => [outcome.lineId, outcome]));
  const submitting = navigation.state === "submitting" && navigation.formData?.has("lines[0].lineId");
  const formError = errorText(form.errors?.[0]);

  const columns: DataTableColumn<WeighRow>[] = [
    {
      id: "line",
      header: t("admin.weigh.col.line"),
      cell: (row) => (
        <span>
          <span className="font-mono font-semibold">{row.pickupCode}</span> {row.memberName}
          <span className="block text-xs text-stone-600">
            {row.orderNumber} · {row.pointName}
          </span>
        </span>
      ),
    },
    {
      id: "product",
      header: t("admin.weigh.col.product"),
      className: "whitespace-normal",
      cell: (row) => `${row.name} × ${row.quantity}`,
    },
    {
      id: "estimated",
      header: t("admin.weigh.col.estimated"),
      className: "text-right tabular-nums",
      cell: (row) => weight(row.estimatedWeight, row.unit),
    },
    {
      id: "actual",
      header: t("admin.weigh.col.actual"),
      className: "text-right tabular-nums",
      cell: (row) =>
        row.actualWeight === null ? (
          <span className="text-stone-600">{t("admin.weigh.notYet")}</span>
        ) : (
          <span className="font-semibold" data-testid="actual-weight">
            {weight(row.actualWeight, row.unit)}
          </span>
        ),
    },
    {
      id: "weight",
      header: t("admin.weigh.col.weight"),
      className: "whitespace-normal",
      cell: (row) => {
        const line = lineFields[indexOf.get(row.id) ?? -1]?.getFieldset();
        if (!line) return null;
        const outcome = outcomes.get(row.id);
        return (
          <div className="flex min-w-52 flex-col gap-1">
            <div className="flex items-center gap-2">
              <input
                {...getInputProps(line.weight, { type: "text" })}
                inputMode="decimal"
                aria-label={t("admin.weigh.weightLabel", {
                  order: row.pickupCode,
                  name: row.name,
                  unit: row.unit,
                })}
                className="w-24 rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-right tabular-nums outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-accent-600"
              />
              <span className="text-stone-600">{row.unit}</span>
              <button
                type="submit"
                form={form.id}
                name="only"
                value={row.id}
                disabled={submitting}
                aria-label={t("admin.weigh.oneLabel", { order: row.pickupCode, name: row.name })}
                className="rounded-lg border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
              >
                {t("admin.weigh.one")}
              </button>
            </div>
            <FieldError id={line.weight.errorId} error={errorText(line.weight.errors?.[0])} />
            {outcome?.ok ? (
              <p role="status" className="text-sm text-emerald-800">
                {outcome.text}
              </p>
            ) : null}
          </div>
        );
      },
    },
  ];

  return (
    <div className="flex flex-col gap-3">
      {actionData?.summary ? (
        <p role="alert" className="rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">
          {actionData.summary}
        </p>
      ) : null}
      <DataTable
        caption={t("admin.weekly.view.weighing")}
        columns={columns}
        rows={content.rows}
        rowId={(row) => String(row.id)}
        rowLabel={(row) => `${row.pickupCode} ${row.name}`}
        total={content.total}
        page={content.page}
        pageSize={Math.max(1, content.pageSize)}
        emptyText={t("admin.weigh.empty")}
      />
      {content.rows.length > 0 ? (
        <Form
          method="post"
          {...getFormProps(form)}
          className="flex flex-wrap items-center gap-3 print:hidden"
        >
          <input {...getInputProps(fields.cycle, { type: "hidden" })} />
          {lineFields.map((line) => {
            const { key: _key, ...hidden } = getInputProps(line.getFieldset().lineId, { type: "hidden" });
            return <input key={line.key} {...hidden} />;
          })}
          <Button type="submit" disabled={submitting}>
            {submitting ? t("admin.weigh.saving") : t("admin.weigh.bulk")}
          </Button>
          {formError ? (
            <p id={form.errorId} role="alert" className="text-sm text-accent-600">
              {formError}
            </p>
          ) : null}
        </Form>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RecordErrorPanel
      error={error}
      notFound="admin.weekly.notFound"
      back={{ to: "/admin/weekly-order", label: "admin.weekly.title" }}
    />
  );
}
