import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { CheckCheck, Download, Hourglass, PackageCheck, Printer, ScanLine } from "lucide-react";
import { useState } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useFetcher,
  useNavigation,
  useSearchParams,
  useSubmit,
} from "react-router";
import type { z } from "zod";
import { flashHeader } from "~/auth/flash.server.ts";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { ConfirmDialog } from "~/components/admin/confirm-dialog.tsx";
import { ConfirmIntentButton } from "~/components/admin/confirm-intent-button.tsx";
import { DataTable, type DataTableColumn, TableSearch } from "~/components/admin/data-table.tsx";
import { ClaimBadge, OrderStatusBadge } from "~/components/admin/order-status-badge.tsx";
import { Panel } from "~/components/admin/record-panel.tsx";
import { FormField, inputClass } from "~/components/ui/form-field.tsx";
import {
  AWAITING_CONFIRMATION,
  adminOrderFilterParams,
  collectSchema,
  ORDER_STATUS_FILTERS,
  type ORDER_STATUSES,
  PAYMENT_METHODS,
  parseAdminOrderQuery,
  readySchema,
} from "~/domain/orders/admin-order.schema.ts";
import { PICKUP_CODE_LENGTH } from "~/domain/orders/orders.ts";
import { formatHkAdminTime } from "~/domain/shared/admin-hk-time.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { errorText, t } from "~/i18n/admin.ts";
import type { Services } from "~/services/context.server.ts";
import { readForm } from "~/services/shared/request-body.server.ts";
import type { Route } from "./+types/orders.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.orders.title");

/**
 * /admin/order?q=&cycle=&status=&point=&method=&page= : orders, 50 a page, newest first (the PayMe
 * claims waiting for confirmation, `status=awaiting_confirmation`, oldest claim first); collect an
 * order by its pickup code; with a cycle and a pickup point chosen, mark that point's orders ready.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseAdminOrderQuery(new URL(request.url).searchParams);
  const service = context.services.ordersAdmin;
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
  const service = context.services.ordersAdmin;
  const back = `/admin/order${new URL(request.url).search}`;

  if (formData.get("intent") === "ready") {
    const parsed = readySchema.safeParse({
      cycleId: Number(formData.get("cycleId")),
      pickupPointId: Number(formData.get("pickupPointId")),
    });
    if (!parsed.success) throw data({ badRequest: true }, { status: 400 });
    const done = await service.markReady(admin.id, parsed.data);
    const toast =
      done.ready > 0
        ? ({ kind: "success", key: "toast.order.ready", params: { count: done.ready } } as const)
        : ({ kind: "info", key: "admin.orders.ready.none" } as const);
    throw redirect(back, { headers: [await flashHeader(toast)] });
  }

  const submission = parseWithZod(formData, { schema: collectSchema });
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

type OrderRow = Route.ComponentProps["loaderData"]["rows"][number];

const columns: DataTableColumn<OrderRow>[] = [
  {
    id: "number",
    header: t("admin.orders.col.number"),
    cell: (row) => (
      <Link
        to={`/admin/order/${row.id}`}
        className="font-semibold text-brand-700 underline tabular-nums"
        aria-label={t("admin.orders.open", { number: row.number })}
      >
        {row.number}
      </Link>
    ),
  },
  {
    id: "member",
    header: t("admin.orders.col.member"),
    cell: (row) => (
      <span>
        {row.memberName} <span className="text-stone-600 tabular-nums">{row.phone}</span>
      </span>
    ),
  },
  { id: "point", header: t("admin.orders.col.point"), cell: (row) => row.pointName },
  {
    id: "status",
    header: t("admin.orders.col.status"),
    cell: (row) => (
      <span className="flex flex-col items-start gap-0.5">
        <span className="flex items-center gap-1">
          <OrderStatusBadge status={row.status} awaitingConfirmation={row.awaitingConfirmation} />
          {row.awaitingConfirmation ? <ClaimBadge method={row.paymentMethod} /> : null}
        </span>
        {row.awaitingConfirmation && row.expiresAt ? (
          <span className="text-xs text-stone-600 tabular-nums">
            {t("admin.orders.awaiting.deadline", { at: formatHkAdminTime(new Date(row.expiresAt)) })}
          </span>
        ) : null}
      </span>
    ),
  },
  {
    id: "payable",
    header: t("admin.orders.col.payable"),
    className: "text-right tabular-nums",
    cell: (row) => formatCents(row.payableCents),
  },
  {
    id: "method",
    header: t("admin.orders.col.method"),
    cell: (row) => t(`admin.orders.method.${row.paymentMethod ?? "none"}`),
  },
  {
    id: "created",
    header: t("admin.orders.col.created"),
    className: "tabular-nums",
    cell: (row) => formatHkAdminTime(new Date(row.createdAt)),
  },
];

const selectClass = "rounded-lg border border-stone-300 bg-white px-3 py-2 text-base font-normal";
const linkButtonClass =
  "flex items-center gap-2 rounded-lg border border-brand-700 bg-white px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50";

type LoaderData = Route.ComponentProps["loaderData"];

/** A cycle as admins name it: its cut-off, and whether it still takes orders. */
function cycleLabel(cycle: LoaderData["cycles"][number]): string {
  return t("admin.orders.cycleOption", {
    cutoff: formatHkAdminTime(new Date(cycle.cutoffAt)),
    status: t(`admin.orders.cycleStatus.${cycle.status}`),
  });
}

export default function Orders({ loaderData }: Route.ComponentProps) {
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
      <CollectPanel />
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
          <>
            <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
              {t("admin.orders.filter.cycle")}
              <select
                name="cycle"
                defaultValue={filters.cycle}
                key={filterKey("cycle")}
                className={selectClass}
              >
                <option value="">{t("admin.orders.filter.allCycles")}</option>
                {cycles.map((cycle) => (
                  <option key={cycle.id} value={cycle.id}>
                    {cycleLabel(cycle)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
              {t("admin.orders.filter.status")}
              <select
                name="status"
                defaultValue={filters.status}
                key={filterKey("status")}
                className={selectClass}
              >
                <option value="">{t("admin.orders.filter.allStatuses")}</option>
                {ORDER_STATUS_FILTERS.map((status) => (
                  <option key={status} value={status}>
                    {t(`admin.orders.status.${status}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
              {t("admin.orders.filter.point")}
              <select
                name="point"
                defaultValue={filters.point}
                key={filterKey("point")}
                className={selectClass}
              >
                <option value="">{t("admin.orders.filter.allPoints")}</option>
                {points.map((point) => (
                  <option key={point.id} value={point.id}>
                    {point.active ? point.name : t("admin.orders.inactivePoint", { name: point.name })}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
              {t("admin.orders.filter.method")}
              <select
                name="method"
                defaultValue={filters.method}
                key={filterKey("method")}
                className={selectClass}
              >
                <option value="">{t("admin.orders.filter.allMethods")}</option>
                {PAYMENT_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {t(`admin.orders.method.${method}`)}
                  </option>
                ))}
              </select>
            </label>
          </>
        }
      />
      <ReadyPanel loaderData={loaderData} />
      <DataTable
        caption={t("admin.orders.title")}
        columns={columns}
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

/**
 * With a cycle and a pickup point chosen: mark the point's paid and confirmed orders ready for
 * pickup, which texts each member. Without both, a line says how to get here.
 */
function ReadyPanel({ loaderData }: { loaderData: LoaderData }) {
  const { readyCount, filters, cycles, points } = loaderData;
  if (readyCount === null) {
    return <p className="text-sm text-stone-600">{t("admin.orders.ready.hint")}</p>;
  }
  const point = points.find((row) => String(row.id) === filters.point);
  const cycle = cycles.find((row) => String(row.id) === filters.cycle);
  const names = { point: point?.name ?? "", cycle: cycle ? cycleLabel(cycle) : "" };
  return (
    <section
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm"
      aria-label={t("admin.orders.ready.title")}
      data-testid="ready-panel"
    >
      <p className="text-stone-800">{t("admin.orders.ready.count", { ...names, count: readyCount })}</p>
      {readyCount > 0 ? (
        <ConfirmIntentButton
          intent="ready"
          fields={{ cycleId: filters.cycle, pickupPointId: filters.point }}
          tone="primary"
          icon={PackageCheck}
          label={t("admin.orders.ready.button")}
          pendingLabel={t("admin.orders.ready.pending")}
          confirmTitle={t("admin.orders.ready.confirmTitle", { point: names.point })}
          confirmBody={t("admin.orders.ready.confirmBody", { ...names, count: readyCount })}
          confirmLabel={t("admin.orders.ready.confirm")}
        />
      ) : null}
    </section>
  );
}

function CollectPreview({
  preview,
  loading,
}: {
  preview: Awaited<ReturnType<Services["ordersAdmin"]["collectPreview"]>> | undefined;
  loading: boolean;
}) {
  if (loading || preview === undefined) {
    return <p className="mt-3 text-sm text-stone-600">{t("admin.orders.collect.preview.loading")}</p>;
  }
  if (preview === null) return null;
  return (
    <div className="mt-3 rounded-lg bg-stone-50 p-3 text-sm text-stone-800" data-testid="collect-preview">
      <p className="font-semibold">{t("admin.orders.collect.preview.number", { number: preview.number })}</p>
      <p>{t("admin.orders.collect.preview.member", preview.member)}</p>
      <p className="mt-2">{t("admin.orders.collect.preview.items")}</p>
      <ul className="list-disc pl-6">
        {preview.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same product may be on two lines of an order
          <li key={index}>{`${line.name} × ${line.quantity}`}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Staff type or scan a pickup code; after a confirmation the order is collected and the panel
 * lists what to hand over. Validated in the browser and again by the action.
 */
function CollectPanel() {
  const navigation = useNavigation();
  const submit = useSubmit();
  const previewer = useFetcher<{ preview: Awaited<ReturnType<Services["ordersAdmin"]["collectPreview"]>> }>();
  const actionData = useActionData<typeof action>();
  const [pending, setPending] = useState<{ formData: FormData; code: string } | null>(null);
  const [form, fields] = useForm<z.input<typeof collectSchema>, z.output<typeof collectSchema>>({
    id: "collect",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    constraint: getZodConstraint(collectSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: collectSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onSubmit(event, { formData, submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      setPending({ formData, code: submission.value.code });
      previewer.submit({ intent: "preview", code: submission.value.code }, { method: "post" });
    },
  });
  const collecting = navigation.state === "submitting" && navigation.formData?.get("intent") !== "ready";
  const collected = navigation.state === "idle" ? actionData?.collected : null;
  const refusal = navigation.state === "idle" ? actionData?.refusal : null;
  return (
    <Panel title={t("admin.orders.collect.title")} testId="collect-panel">
      <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1 basis-48">
          <FormField translate={errorText} field={fields.code} label={t("admin.orders.collect.code")}>
            <input
              {...getInputProps(fields.code, { type: "text" })}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={PICKUP_CODE_LENGTH + 6}
              className={`${inputClass} font-mono uppercase tracking-widest`}
            />
          </FormField>
        </div>
        <button
          type="submit"
          disabled={collecting}
          className="mt-7 flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          <ScanLine className="size-4" aria-hidden="true" />
          {collecting ? t("admin.orders.collect.pending") : t("admin.orders.collect.submit")}
        </button>
      </Form>
      {refusal ? (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 p-3 text-accent-600 ring-1 ring-red-200">
          {refusal.text}
          {refusal.orderId ? (
            <>
              {" "}
              <Link to={`/admin/order/${refusal.orderId}`} className="underline">
                {t("admin.orders.collect.view")}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {collected ? (
        <div
          role="status"
          className="mt-2 rounded-lg bg-emerald-50 p-3 text-emerald-900 ring-1 ring-emerald-200"
          data-testid="collected"
        >
          <p className="flex items-center gap-2 font-semibold">
            <CheckCheck className="size-5" aria-hidden="true" />
            {t("admin.orders.collect.done", {
              number: collected.number,
              member: collected.memberName,
              phone: collected.phone,
            })}
          </p>
          <p className="mt-1 text-sm">{t("admin.orders.collect.handOver", { point: collected.pointName })}</p>
          <ul className="mt-1 list-disc pl-6 text-sm">
            {collected.lines.map((line, index) => (
              // Lines of one order: the same product may appear twice, so the index keys them.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once shown
              <li key={index}>{`${line.name} × ${line.quantity}`}</li>
            ))}
          </ul>
          <Link to={`/admin/order/${collected.id}`} className="mt-1 inline-block text-sm underline">
            {t("admin.orders.collect.view")}
          </Link>
        </div>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={t("admin.orders.collect.confirmTitle", { code: pending?.code ?? "" })}
        body={t("admin.orders.collect.confirmBody")}
        confirmLabel={t("admin.orders.collect.confirm")}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) submit(pending.formData, { method: "post" });
          setPending(null);
        }}
      >
        <CollectPreview
          preview={previewer.state === "idle" ? previewer.data?.preview : undefined}
          loading={previewer.state !== "idle"}
        />
      </ConfirmDialog>
    </Panel>
  );
}
