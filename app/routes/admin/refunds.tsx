import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { RotateCw, Send } from "lucide-react";
import { data, Form, useActionData, useNavigation, useSearchParams } from "react-router";
import type { z } from "zod";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { ConfirmIntentButton } from "~/components/admin/confirm-intent-button.tsx";
import {
  DataTable,
  type DataTableColumn,
  memberColumn,
  numberColumn,
  orderColumn,
} from "~/components/admin/data-table.tsx";
import { ChangeFilter, ListHeader } from "~/components/admin/list-page.tsx";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { parseRefundState, REFUND_STATES, recordTransferSchema } from "~/domain/payments/refunds.ts";
import { parseTableState } from "~/domain/shared/admin-table.ts";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { parseForm } from "~/web/form-parse.ts";
import { throwRedirectWithToast } from "~/web/record-action.server.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/refunds.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.refunds.title");

/**
 * /admin/refunds?state=&page= (decision 0052): refunds to the original payment, those still to send
 * first. Card refunds follow the provider; an admin sends each PayMe or FPS refund and records it here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const state = parseRefundState(params.get("state"));
  const list = await context.services.refunds.list(parseTableState(params), state);
  return {
    ...list,
    rows: list.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    state: state ?? "all",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const formData = await readForm(request, { schemas: [recordTransferSchema], names: ["intent"] });
  const back = new URL(request.url).pathname + new URL(request.url).search;
  if (formData.get("intent") === "retry") {
    await context.services.refunds.sendCardRefunds();
    return throwRedirectWithToast(back, { kind: "success", key: "admin.refunds.retried" });
  }
  const submission = parseForm(formData, recordTransferSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), refundId: Number(formData.get("refundId")) }, { status: 400 });
  }
  const done = await context.services.refunds.recordTransfer(
    admin.id,
    submission.value.refundId,
    submission.value.reference,
  );
  if (done === "not_found" || done === "notTransfer") throw data({ badRequest: true }, { status: 400 });
  return throwRedirectWithToast(back, {
    kind: done === "recorded" ? "success" : "info",
    key: done === "recorded" ? "admin.refunds.recorded" : "admin.refunds.alreadyRecorded",
  });
}

type RefundRow = Route.ComponentProps["loaderData"]["rows"][number];

/** The transfer's reference, asked for on the row, then confirmed before it is recorded. */
function RecordTransfer({ row }: { row: RefundRow }) {
  const navigation = useNavigation();
  const reply = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof recordTransferSchema>, z.output<typeof recordTransferSchema>>(
    {
      id: `record-${row.id}`,
      lastResult: navigation.state === "idle" && reply?.refundId === row.id ? reply.result : null,
      constraint: getZodConstraint(recordTransferSchema),
      onValidate: ({ formData }) => parseForm(formData, recordTransferSchema),
      shouldValidate: "onBlur",
    },
  );
  if (row.method === "card" || row.state === "recorded") {
    return row.reference ? <span className="text-stone-700">{row.reference}</span> : null;
  }
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="record" />
      <input type="hidden" name="refundId" value={row.id} />
      <FormField translate={errorText} field={fields.reference} label={t("admin.refunds.reference")}>
        <Input {...getInputProps(fields.reference, { type: "text" })} className="w-40" />
      </FormField>
      <Button size="sm" type="submit" className="mb-1 flex items-center gap-1.5">
        <Send className="size-4" aria-hidden="true" />
        {t("admin.refunds.record")}
      </Button>
    </Form>
  );
}

const columns: DataTableColumn<RefundRow>[] = [
  orderColumn(t("admin.refunds.col.order")),
  memberColumn(t("admin.refunds.col.member")),
  {
    id: "method",
    header: t("admin.refunds.col.method"),
    cell: (row) => t(`admin.refund.method.${row.method}`),
  },
  numberColumn("amount", t("admin.refunds.col.amount"), (row) => formatCents(row.amountCents)),
  {
    id: "reason",
    header: t("admin.refunds.col.reason"),
    cell: (row) => t(`admin.refund.reason.${row.reason}`),
  },
  { id: "state", header: t("admin.refunds.col.state"), cell: (row) => t(`admin.refund.state.${row.state}`) },
  {
    id: "createdAt",
    header: t("admin.refunds.col.createdAt"),
    className: "tabular-nums",
    cell: (row) => formatHkAdminTime(new Date(row.createdAt)),
  },
  { id: "action", header: t("admin.refunds.col.action"), cell: (row) => <RecordTransfer row={row} /> },
];

export default function Refunds({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  return (
    <div className="flex flex-col gap-4">
      <ListHeader title={t("admin.refunds.title")} intro={t("admin.refunds.intro")}>
        <ConfirmIntentButton
          intent="retry"
          tone="primary"
          icon={RotateCw}
          label={t("admin.refunds.retry")}
          pendingLabel={t("admin.saving")}
          confirmTitle={t("admin.refunds.retry")}
          confirmBody={t("admin.refunds.intro")}
          confirmLabel={t("admin.refunds.retry")}
        />
      </ListHeader>
      <ChangeFilter
        label={t("admin.refunds.filter")}
        name="state"
        value={loaderData.state}
        key={searchParams.get("state") ?? "all"}
      >
        <option value="all">{t("admin.refunds.filter.all")}</option>
        {REFUND_STATES.map((value) => (
          <option key={value} value={value}>
            {t(`admin.refund.state.${value}`)}
          </option>
        ))}
      </ChangeFilter>
      <DataTable
        caption={t("admin.refunds.title")}
        columns={columns}
        rows={loaderData.rows}
        rowId={(row) => String(row.id)}
        rowLabel={(row) => row.number}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        emptyText={t("admin.refunds.empty")}
      />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
