import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useId, useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { FieldError, FormField, SubmitButton } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Modal } from "~/components/ui/modal.tsx";
import {
  mayBeUnlimited,
  type StockAdjustKind,
  stockAdjustKinds,
  stockAdjustSchema,
} from "~/domain/catalogue/stock.ts";
import type { ProductMode } from "~/domain/shared/pricing.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { parseForm } from "~/web/form-parse.ts";
import { adminDialogClass } from "./confirm-dialog.tsx";

export interface AdjustableProduct {
  id: number;
  name: string;
  mode: ProductMode;
  stock: number | null;
}

/**
 * /admin/stock's adjust dialog: set a count, add or take away some, or (group buys) make it
 * unlimited. The route's action applies it under a row lock; errors come back into this form.
 */
export function StockAdjustDialog({
  product,
  lastResult,
  pending,
  onClose,
}: {
  product: AdjustableProduct | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
  pending: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const currentId = useId();
  return (
    <Modal
      open={product !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      labelledBy={titleId}
      describedBy={currentId}
      className={adminDialogClass}
    >
      {product ? (
        <AdjustForm
          key={product.id}
          product={product}
          lastResult={lastResult}
          pending={pending}
          titleId={titleId}
          currentId={currentId}
          onCancel={onClose}
        />
      ) : null}
    </Modal>
  );
}

function AdjustForm({
  product,
  lastResult,
  pending,
  titleId,
  currentId,
  onCancel,
}: {
  product: AdjustableProduct;
  lastResult: SubmissionResult<string[]> | null | undefined;
  pending: boolean;
  titleId: string;
  currentId: string;
  onCancel: () => void;
}) {
  const [kind, setKind] = useState<StockAdjustKind>(product.stock === null ? "set" : "delta");
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { productId: String(product.id), kind },
    onValidate: ({ formData }) => parseForm(formData, stockAdjustSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const legendId = useId();
  const kinds = stockAdjustKinds.filter((value) => value !== "unlimited" || mayBeUnlimited(product.mode));
  const current = product.stock === null ? t("admin.stock.unlimited") : String(product.stock);
  const formError = errorText(form.errors?.[0] ?? fields.productId.errors?.[0]);

  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4 p-6">
      <div>
        <h2 id={titleId} className="text-lg font-bold text-stone-900">
          {t("admin.stock.adjust.title", { name: product.name })}
        </h2>
        <p id={currentId} className="mt-1 text-stone-700" data-testid="adjust-current">
          {t("admin.stock.adjust.current", { stock: current })}
        </p>
      </div>
      <input type="hidden" name="intent" value="adjust" />
      <input type="hidden" name={fields.productId.name} value={product.id} />
      <fieldset className="flex flex-col gap-2" aria-labelledby={legendId}>
        <legend id={legendId} className="text-sm font-medium text-stone-800">
          {t("admin.stock.adjust.kind")}
        </legend>
        <div className="flex flex-wrap gap-2">
          {kinds.map((value) => (
            <label
              key={value}
              className="flex items-center gap-2 rounded-lg border border-stone-300 px-3 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name={fields.kind.name}
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
                className="accent-brand-700"
              />
              {t(`admin.stock.adjust.kind.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === "unlimited" ? (
        <p className="text-sm text-stone-700">{t("admin.stock.adjust.unlimitedHint")}</p>
      ) : (
        <FormField
          field={fields.amount}
          label={t(kind === "set" ? "admin.stock.adjust.amount.set" : "admin.stock.adjust.amount.delta")}
          hint={kind === "delta" ? t("admin.stock.adjust.amount.deltaHint") : undefined}
        >
          <Input
            {...getInputProps(fields.amount, { type: "text" })}
            key={kind}
            inputMode={kind === "set" ? "numeric" : "text"}
            autoComplete="off"
          />
        </FormField>
      )}
      {formError ? <FieldError id={form.errorId} error={formError} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button tone="neutral" size="md" type="button" onClick={onCancel}>
          {t("admin.cancel")}
        </Button>
        <SubmitButton
          pending={pending}
          label={t("admin.stock.adjust.save")}
          pendingLabel={t("admin.saving")}
        />
      </div>
    </Form>
  );
}
