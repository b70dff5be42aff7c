import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { CheckCheck, ScanLine } from "lucide-react";
import { useState } from "react";
import { Form, Link, useFetcher, useNavigation, useSubmit } from "react-router";
import type { z } from "zod";
import { ConfirmDialog } from "~/components/admin/confirm-dialog.tsx";
import { Panel } from "~/components/admin/record-panel.tsx";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { fieldClass } from "~/components/ui/input.tsx";
import { collectSchema } from "~/domain/orders/admin-order.schema.ts";
import { PICKUP_CODE_LENGTH } from "~/domain/orders/orders.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { parseForm } from "~/web/form-parse.ts";

/** The order a pickup code names, masked as staff at a counter may see it (issue 27). */
export interface CollectPreviewData {
  number: string;
  member: { surname: string; phoneEnd: string };
  lines: Array<{ name: string; quantity: number }>;
}

/** What /admin/order's collect action answers (besides the preview). */
export interface CollectActionData {
  result: SubmissionResult<string[]> | null;
  collected: {
    id: number;
    number: string;
    memberName: string;
    phone: string;
    pointName: string;
    lines: Array<{ name: string; quantity: number }>;
  } | null;
  refusal: { text: string; orderId: number | null } | null;
}

function CollectPreview({
  preview,
  loading,
}: {
  preview: CollectPreviewData | null | undefined;
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
export function CollectPanel({ actionData }: { actionData: CollectActionData | undefined }) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const previewer = useFetcher<{ preview: CollectPreviewData | null }>();
  const [pending, setPending] = useState<{ formData: FormData; code: string } | null>(null);
  const [form, fields] = useForm<z.input<typeof collectSchema>, z.output<typeof collectSchema>>({
    id: "collect",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    constraint: getZodConstraint(collectSchema),
    onValidate: ({ formData }) => parseForm(formData, collectSchema),
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
              className={`${fieldClass} font-mono uppercase tracking-widest`}
            />
          </FormField>
        </div>
        <Button type="submit" size="toolbar" disabled={collecting} className="mt-7 flex items-center gap-2">
          <ScanLine className="size-4" aria-hidden="true" />
          {collecting ? t("admin.orders.collect.pending") : t("admin.orders.collect.submit")}
        </Button>
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
