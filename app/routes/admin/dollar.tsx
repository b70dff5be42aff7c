import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, redirect, useActionData, useNavigation, useSearchParams, useSubmit } from "react-router";
import type { z } from "zod";
import { flashHeader } from "~/auth/flash.server.ts";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { ConfirmDialog } from "~/components/admin/confirm-dialog.tsx";
import {
  DataTable,
  type DataTableColumn,
  numberColumn,
  TableSearch,
} from "~/components/admin/data-table.tsx";
import { Panel } from "~/components/admin/record-panel.tsx";
import { FormField, SubmitButton } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Select } from "~/components/ui/select.tsx";
import {
  DOLLAR_NOTE_MAX,
  dollarAdjustSchema,
  parseDollarFilters,
} from "~/domain/dollars/admin-dollar.schema.ts";
import { ledgerReasons } from "~/domain/dollars/ledger-reasons.ts";
import { parseTableState } from "~/domain/shared/admin-table.ts";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { parseForm } from "~/web/form-parse.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/dollar.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.dollar.title");

/** /admin/dollar?q=&reason=&page= : every dDollar record, 50 a page, and the add / deduct form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const table = parseTableState(params);
  const filters = parseDollarFilters(params);
  const list = await context.services.dollars.allRecords({ ...table, ...filters });
  return {
    ...list,
    page: table.page,
    pageSize: table.pageSize,
    q: table.q,
    reason: filters.reason ?? "",
    formKey: crypto.randomUUID(),
    rows: list.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = parseForm(
    await readForm(request, { schemas: [dollarAdjustSchema] }),
    dollarAdjustSchema,
  );
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const input = submission.value;
  const signed = input.direction === "add" ? input.amount : -input.amount;
  const result = await context.services.dollars.adjust({
    member: input.member,
    amountCents: signed,
    note: input.note,
    adminId: admin.id,
    key: input.key,
  });
  if (result.status === "refused" && result.reason === "unknownMember") {
    return data(
      { result: submission.reply({ fieldErrors: { member: [t("admin.dollar.unknownMember")] } }) },
      { status: 404 },
    );
  }
  if (result.status === "refused") {
    const balance = await context.services.dollars.balanceOf(input.member);
    return data(
      {
        result: submission.reply({
          fieldErrors: {
            amount: [
              t("admin.dollar.insufficient", {
                balance: formatCents(balance ?? 0),
                amount: formatCents(input.amount),
              }),
            ],
          },
        }),
      },
      { status: 409 },
    );
  }
  const q = "phone" in input.member ? input.member.phone : "";
  const toast =
    input.direction === "add"
      ? ({ kind: "success", key: "toast.dDollarAdded" } as const)
      : ({
          kind: "success",
          key: "admin.dollar.deducted",
          params: { balance: formatCents(result.balanceCents) },
        } as const);
  throw redirect(`/admin/dollar${q ? `?q=${q}` : ""}`, { headers: [await flashHeader(toast)] });
}

type RecordRow = Route.ComponentProps["loaderData"]["rows"][number];

const columns: DataTableColumn<RecordRow>[] = [
  {
    id: "date",
    header: t("admin.dollar.col.date"),
    className: "whitespace-nowrap tabular-nums",
    cell: (row) => formatHkAdminTime(new Date(row.createdAt)),
  },
  {
    id: "member",
    header: t("admin.dollar.col.member"),
    cell: (row) => (
      <span>
        {row.name} <span className="text-stone-600 tabular-nums">{row.phone}</span>
      </span>
    ),
  },
  {
    id: "reason",
    header: t("admin.dollar.col.reason"),
    cell: (row) => t(`admin.dollar.reason.${row.reason}`),
  },
  { id: "order", header: t("admin.dollar.col.order"), cell: (row) => row.orderNumber ?? t("admin.none") },
  {
    id: "amount",
    header: t("admin.dollar.col.amount"),
    className: "text-right tabular-nums",
    cell: (row) => (
      <span className={row.amountCents > 0 ? "font-semibold text-emerald-800" : "font-semibold"}>
        {row.amountCents > 0 ? "+" : ""}
        {formatCents(row.amountCents)}
      </span>
    ),
  },
  numberColumn("balance", t("admin.dollar.col.balance"), (row) => formatCents(row.balanceCents)),
  { id: "note", header: t("admin.dollar.col.note"), className: "max-w-64 truncate", cell: (row) => row.note },
];

export default function Dollars({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold text-brand-800">{t("admin.dollar.title")}</h1>
        <p className="mt-1 text-stone-700">{t("admin.dollar.intro")}</p>
      </div>
      <AdjustForm key={loaderData.formKey} formKey={loaderData.formKey} />
      <TableSearch
        label={t("admin.dollar.searchLabel")}
        value={loaderData.q}
        filters={
          <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
            {t("admin.dollar.filter.reason")}
            <Select
              variant="filter"
              name="reason"
              defaultValue={loaderData.reason}
              key={searchParams.get("reason") ?? "all"}
            >
              <option value="">{t("admin.dollar.filter.allReasons")}</option>
              {ledgerReasons.map((reason) => (
                <option key={reason} value={reason}>
                  {t(`admin.dollar.reason.${reason}`)}
                </option>
              ))}
            </Select>
          </label>
        }
      />
      <DataTable
        caption={t("admin.dollar.title")}
        columns={columns}
        rows={loaderData.rows}
        rowId={(row) => String(row.id)}
        rowLabel={(row) => `${row.phone} ${formatCents(row.amountCents)}`}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        emptyText={t("admin.dollar.empty")}
      />
    </div>
  );
}

type Pending = { formData: FormData; direction: string; amount: number; member: string; note: string };

/** Validated in the browser, confirmed in a dialog (a record cannot be undone), then posted. */
function AdjustForm({ formKey }: { formKey: string }) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const actionResult = useActionData<typeof action>()?.result;
  const [pending, setPending] = useState<Pending | null>(null);
  const [form, fields] = useForm<z.input<typeof dollarAdjustSchema>, z.output<typeof dollarAdjustSchema>>({
    lastResult: navigation.state === "idle" ? actionResult : null,
    defaultValue: { direction: "add", key: formKey },
    constraint: getZodConstraint(dollarAdjustSchema),
    onValidate: ({ formData }) => parseForm(formData, dollarAdjustSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onSubmit(event, { formData, submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      const value = submission.value;
      setPending({
        formData,
        direction: value.direction,
        amount: value.amount,
        member: "phone" in value.member ? value.member.phone : value.member.id,
        note: value.note,
      });
    },
  });
  return (
    <Panel title={t("admin.dollar.adjustTitle")}>
      <Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <input {...getInputProps(fields.key, { type: "hidden" })} />
        <FormField
          translate={errorText}
          field={fields.member}
          label={t("admin.dollar.member")}
          hint={t("admin.dollar.memberHint")}
        >
          <Input {...getInputProps(fields.member, { type: "text" })} inputMode="tel" />
        </FormField>
        <FormField translate={errorText} field={fields.direction} label={t("admin.dollar.direction")}>
          <Select {...getSelectProps(fields.direction)}>
            <option value="add">{t("admin.dollar.direction.add")}</option>
            <option value="deduct">{t("admin.dollar.direction.deduct")}</option>
          </Select>
        </FormField>
        <FormField
          translate={errorText}
          field={fields.amount}
          label={t("admin.dollar.amount")}
          hint={t("admin.dollar.amountHint")}
        >
          <Input {...getInputProps(fields.amount, { type: "text" })} inputMode="decimal" />
        </FormField>
        <FormField translate={errorText} field={fields.note} label={t("admin.dollar.note")}>
          <Input {...getInputProps(fields.note, { type: "text" })} maxLength={DOLLAR_NOTE_MAX} />
        </FormField>
        <div className="sm:col-span-2 lg:col-span-4">
          <SubmitButton
            pending={navigation.state === "submitting"}
            label={t("admin.dollar.submit")}
            pendingLabel={t("admin.saving")}
          />
        </div>
      </Form>
      <ConfirmDialog
        open={pending !== null}
        title={
          pending
            ? t("admin.dollar.confirmTitle", {
                direction: t(`admin.dollar.direction.${pending.direction === "add" ? "add" : "deduct"}`),
                amount: formatCents(pending.amount),
              })
            : ""
        }
        body={pending ? t("admin.dollar.confirmBody", { member: pending.member, note: pending.note }) : ""}
        confirmLabel={t("admin.dollar.submit")}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) submit(pending.formData, { method: "post" });
          setPending(null);
        }}
      />
    </Panel>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
