import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import * as Dialog from "@radix-ui/react-dialog";
import { useId, useState } from "react";
import { Form } from "react-router";
import { FieldError, FormField, inputClass, SubmitButton } from "~/components/ui/form-field.tsx";
import {
  mayBeUnlimited,
  type StockAdjustKind,
  stockAdjustKinds,
  stockAdjustSchema,
} from "~/domain/catalogue/stock.ts";
import type { ProductMode } from "~/domain/shared/pricing.ts";
import { errorText, t } from "~/i18n/admin.ts";

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
  return (
    <Dialog.Root open={product !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          {product ? (
            <AdjustForm key={product.id} product={product} lastResult={lastResult} pending={pending} />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function AdjustForm({
  product,
  lastResult,
  pending,
}: {
  product: AdjustableProduct;
  lastResult: SubmissionResult<string[]> | null | undefined;
  pending: boolean;
}) {
  const [kind, setKind] = useState<StockAdjustKind>(product.stock === null ? "set" : "delta");
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { productId: String(product.id), kind },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: stockAdjustSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const legendId = useId();
  const kinds = stockAdjustKinds.filter((value) => value !== "unlimited" || mayBeUnlimited(product.mode));
  const current = product.stock === null ? t("admin.stock.unlimited") : String(product.stock);
  const formError = errorText(form.errors?.[0] ?? fields.productId.errors?.[0]);

  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <div>
        <Dialog.Title className="text-lg font-bold text-stone-900">
          {t("admin.stock.adjust.title", { name: product.name })}
        </Dialog.Title>
        <Dialog.Description className="mt-1 text-stone-700" data-testid="adjust-current">
          {t("admin.stock.adjust.current", { stock: current })}
        </Dialog.Description>
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
          <input
            {...getInputProps(fields.amount, { type: "text" })}
            key={kind}
            inputMode={kind === "set" ? "numeric" : "text"}
            autoComplete="off"
            className={inputClass}
          />
        </FormField>
      )}
      {formError ? <FieldError id={form.errorId} error={formError} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <button
            type="button"
            className="rounded-full border border-stone-300 px-5 py-2.5 font-semibold text-stone-800"
          >
            {t("admin.cancel")}
          </button>
        </Dialog.Close>
        <SubmitButton
          pending={pending}
          label={t("admin.stock.adjust.save")}
          pendingLabel={t("admin.saving")}
        />
      </div>
    </Form>
  );
}
