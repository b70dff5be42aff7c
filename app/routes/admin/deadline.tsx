import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import type { z } from "zod";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { CycleStatusBadge } from "~/components/admin/cycle-status-badge.tsx";
import { DataTable, type DataTableColumn, numberColumn } from "~/components/admin/data-table.tsx";
import { ChangeFilter, ListHeader, ToolbarLink } from "~/components/admin/list-page.tsx";
import { Panel } from "~/components/admin/record-panel.tsx";
import { FormField, SubmitButton } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Select } from "~/components/ui/select.tsx";
import {
  cycleStatusFilters,
  parseCycleListQuery,
  weeklyCutoffSchema,
} from "~/domain/cycles/admin-cycle.schema.ts";
import { minuteText, WEEKDAYS } from "~/domain/cycles/cycle-calendar.ts";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { parseForm } from "~/web/form-parse.ts";
import { throwRedirectWithToast } from "~/web/record-action.server.ts";
import { savedToast } from "~/web/record-route.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/deadline.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.cycles.title");

/** /admin/deadline?status=&page= : order cycles, newest cut-off first, 50 a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseCycleListQuery(new URL(request.url).searchParams);
  const [list, weekly] = await Promise.all([
    context.services.cycles.admin.listCycles(query),
    context.services.cycles.admin.weeklyCutoff(),
  ]);
  return {
    ...list,
    weekly,
    rows: list.rows.map((row) => ({
      ...row,
      cutoffAt: row.cutoffAt.toISOString(),
      settledAt: row.settledAt?.toISOString() ?? null,
    })),
    status: query.status,
  };
}

/** The weekly cut-off form: each next cycle ends on this weekday and time (issue 27 item 7). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const formData = await readForm(request, { schemas: [weeklyCutoffSchema] });
  const submission = parseForm(formData, weeklyCutoffSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await context.services.cycles.admin.setWeeklyCutoff(admin.id, {
    weekday: submission.value.weekday,
    minute: submission.value.time,
  });
  const url = new URL(request.url);
  return throwRedirectWithToast(url.pathname + url.search, savedToast(false, saved.changed));
}

type CycleRow = Route.ComponentProps["loaderData"]["rows"][number];

const cutoffText = (row: CycleRow) => formatHkAdminTime(new Date(row.cutoffAt));

const columns: DataTableColumn<CycleRow>[] = [
  {
    id: "cutoff",
    header: t("admin.cycles.col.cutoff"),
    className: "tabular-nums",
    cell: (row) => (
      <Link
        to={`/admin/deadline/${row.id}`}
        className="font-semibold text-brand-700 underline"
        aria-label={t("admin.cycles.edit", { cutoff: cutoffText(row) })}
      >
        {cutoffText(row)}
      </Link>
    ),
  },
  {
    id: "pickup",
    header: t("admin.cycles.col.pickup"),
    className: "tabular-nums",
    cell: (row) => t("admin.cycles.pickupRange", { from: row.pickupFrom, to: row.pickupTo }),
  },
  {
    id: "status",
    header: t("admin.cycles.col.status"),
    cell: (row) => <CycleStatusBadge status={row.status} />,
  },
  numberColumn("orders", t("admin.cycles.col.orders"), (row) => row.paidOrders),
  numberColumn("pending", t("admin.cycles.col.pending"), (row) =>
    row.pendingOrders > 0 ? row.pendingOrders : t("admin.none"),
  ),
  {
    id: "settledAt",
    header: t("admin.cycles.col.settledAt"),
    className: "tabular-nums",
    cell: (row) => (row.settledAt ? formatHkAdminTime(new Date(row.settledAt)) : t("admin.none")),
  },
  {
    id: "links",
    header: t("admin.cycles.col.links"),
    cell: (row) => (
      <span className="flex gap-3">
        <Link to={`/admin/deadline/${row.id}/report`} className="text-brand-700 underline">
          {t("admin.cycle.report")}
        </Link>
        <Link to={`/admin/weekly-order?cycle=${row.id}`} className="text-brand-700 underline">
          {t("admin.cycle.weeklyOrder")}
        </Link>
      </span>
    ),
  },
];

export default function Deadlines({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  return (
    <div className="flex flex-col gap-4">
      <ListHeader title={t("admin.cycles.title")} intro={t("admin.cycles.intro")}>
        <ToolbarLink to="/admin/deadline/new" label={t("admin.cycles.add")} />
      </ListHeader>
      <WeeklyCutoffForm key={JSON.stringify(loaderData.weekly)} weekly={loaderData.weekly} />
      {/* Cycles have no text to search: only their status. */}
      <ChangeFilter
        label={t("admin.cycles.filter.status")}
        name="status"
        value={loaderData.status}
        key={searchParams.get("status") ?? "all"}
      >
        {cycleStatusFilters.map((value) => (
          <option key={value} value={value}>
            {t(`admin.cycles.status.${value}`)}
          </option>
        ))}
      </ChangeFilter>
      <DataTable
        caption={t("admin.cycles.title")}
        columns={columns}
        rows={loaderData.rows}
        rowId={(row) => String(row.id)}
        rowLabel={cutoffText}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        emptyText={t("admin.cycles.empty")}
      />
    </div>
  );
}

function WeeklyCutoffForm({ weekly }: { weekly: { weekday: number; minute: number } }) {
  const navigation = useNavigation();
  const actionResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm<z.input<typeof weeklyCutoffSchema>, z.output<typeof weeklyCutoffSchema>>({
    lastResult: navigation.state === "idle" ? actionResult : null,
    defaultValue: { weekday: String(weekly.weekday), time: minuteText(weekly.minute) },
    constraint: getZodConstraint(weeklyCutoffSchema),
    onValidate: ({ formData }) => parseForm(formData, weeklyCutoffSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Panel title={t("admin.cycles.weekly.title")}>
      <p className="mb-3 text-sm text-stone-700">{t("admin.cycles.weekly.hint")}</p>
      <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
        <FormField translate={errorText} field={fields.weekday} label={t("admin.cycles.weekly.weekday")}>
          <Select {...getSelectProps(fields.weekday)}>
            {WEEKDAYS.map((day) => (
              <option key={day} value={day}>
                {t(`admin.point.weekday.${day}` as "admin.point.weekday.1")}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField translate={errorText} field={fields.time} label={t("admin.cycles.weekly.time")}>
          <Input {...getInputProps(fields.time, { type: "time" })} />
        </FormField>
        <div className="pb-1">
          <SubmitButton
            pending={navigation.state === "submitting" && navigation.formMethod === "POST"}
            label={t("admin.cycles.weekly.save")}
            pendingLabel={t("admin.saving")}
          />
        </div>
      </Form>
    </Panel>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
