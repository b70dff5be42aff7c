import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { DataTable, type DataTableColumn, numberColumn } from "~/components/admin/data-table.tsx";
import { Button } from "~/components/ui/button.tsx";
import { FieldError } from "~/components/ui/form-field.tsx";
import { Select } from "~/components/ui/select.tsx";
import { weighingSchema } from "~/domain/cycles/weekly-order.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { parseForm } from "~/web/form-parse.ts";
import { FilterForm, weight } from "./shared.tsx";

/** A weight-priced line to weigh. */
interface WeighRow {
  id: number;
  name: string;
  unit: string;
  quantity: number;
  actualWeight: number | null;
  estimatedWeight: number;
  orderNumber: string;
  pickupCode: string;
  memberName: string;
  pointName: string;
}

export interface WeighingLines {
  rows: WeighRow[];
  total: number;
  page: number;
  pageSize: number;
  products: Array<{ id: number; name: string }>;
}

/** What a weighing post answers when a line was refused: each line's outcome, and the sum. */
export interface WeighingActionData {
  result: SubmissionResult<string[]>;
  outcomes: Array<{ lineId: number; ok: boolean; text: string }>;
  summary: string | undefined;
}

/** /admin/weekly-order/weighing: the weighing form for weight-priced lines (DESIGN §4.9). */
export function WeighingView({
  content,
  cycleId,
  productId,
  unweighed,
  actionData,
}: {
  content: WeighingLines;
  cycleId: number;
  productId: number | null;
  unweighed: boolean;
  actionData: WeighingActionData | undefined;
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
        actionData={actionData}
      />
    </div>
  );
}

function WeighingForm({
  content,
  cycleId,
  actionData,
}: {
  content: WeighingLines;
  cycleId: number;
  actionData: WeighingActionData | undefined;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof weighingSchema>, z.output<typeof weighingSchema>>({
    id: "weighing",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    defaultValue: {
      cycle: String(cycleId),
      lines: content.rows.map((row) => ({ lineId: String(row.id), weight: "" })),
    },
    constraint: getZodConstraint(weighingSchema),
    onValidate: ({ formData }) => parseForm(formData, weighingSchema),
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
    numberColumn("estimated", t("admin.weigh.col.estimated"), (row) => weight(row.estimatedWeight, row.unit)),
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
              <Button
                type="submit"
                form={form.id}
                name="only"
                value={row.id}
                disabled={submitting}
                aria-label={t("admin.weigh.oneLabel", { order: row.pickupCode, name: row.name })}
                tone="secondary"
                size="toolbar"
              >
                {t("admin.weigh.one")}
              </Button>
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
