import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, CircleOff } from "lucide-react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { z } from "zod";
import { flashHeader } from "~/auth/flash.server.ts";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { AuditList } from "~/components/admin/audit-list.tsx";
import { ConfirmIntentButton } from "~/components/admin/confirm-intent-button.tsx";
import { RecordErrorPanel } from "~/components/admin/record-error-panel.tsx";
import { DeleteRecordButton, Facts, Panel } from "~/components/admin/record-panel.tsx";
import { notFound, recordIdParam } from "~/components/admin/record-route.ts";
import { FormField, SubmitButton } from "~/components/ui/form-field.tsx";
import { Input, Textarea } from "~/components/ui/input.tsx";
import {
  DISCOUNT_CODE_MAX,
  DISCOUNT_DESCRIPTION_MAX,
  discountCodeSchema,
} from "~/domain/cart/admin-discount.schema.ts";
import { centsToDollars } from "~/domain/shared/dollar-amounts.ts";
import { toHkLocalInput } from "~/domain/shared/hk-time.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { discountLabel } from "~/i18n/discount-label.ts";
import { readForm } from "~/services/shared/request-body.server.ts";
import type { Route } from "./+types/discount-edit.ts";

/** /admin/discount/new adds a code; /admin/discount/:id edits, deactivates or deletes one. */
export const meta: Route.MetaFunction = ({ params }) =>
  adminMeta("id" in params && params.id ? "admin.discount.title" : "admin.discount.newTitle");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = recordIdParam(params);
  const found = id === null ? null : await context.services.discountsAdmin.get(id);
  if (id !== null && !found) notFound();
  return { found };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const id = recordIdParam(params);
  const formData = await readForm(request, { schemas: [discountCodeSchema], names: ["intent"] });
  const service = context.services.discountsAdmin;
  const intent = formData.get("intent");

  if (intent === "delete") {
    if (id === null) notFound();
    const deleted = await service.remove(admin.id, id);
    if (deleted.status === "not_found") notFound();
    if (deleted.status === "in_use") {
      return data({ result: undefined, refusal: t("admin.discount.inUse") }, { status: 409 });
    }
    throw redirect("/admin/discount", {
      headers: [await flashHeader({ kind: "success", key: "toast.discount.removed" })],
    });
  }

  if (intent === "deactivate") {
    if (id === null) notFound();
    const done = await service.deactivate(admin.id, id);
    if (done.status === "not_found") notFound();
    const toast =
      done.status === "deactivated"
        ? ({ kind: "success", key: "toast.discount.updated" } as const)
        : ({ kind: "info", key: "admin.toast.unchanged" } as const);
    throw redirect(`/admin/discount/${id}`, { headers: [await flashHeader(toast)] });
  }

  const submission = parseWithZod(formData, { schema: discountCodeSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), refusal: undefined }, { status: 400 });
  }
  const saved =
    id === null
      ? await service.create(admin.id, submission.value)
      : await service.update(admin.id, id, submission.value);
  if (saved.status === "not_found") notFound();
  if (saved.status === "code_taken") {
    return data(
      {
        result: submission.reply({ fieldErrors: { code: [t("admin.discount.codeTaken")] } }),
        refusal: undefined,
      },
      { status: 409 },
    );
  }
  if (saved.status === "limit_below_used") {
    return data(
      {
        result: submission.reply({
          fieldErrors: { totalLimit: [t("admin.discount.limitBelowUsed", { used: saved.usedCount })] },
        }),
        refusal: undefined,
      },
      { status: 409 },
    );
  }
  const toast =
    id === null
      ? ({ kind: "success", key: "toast.discount.added" } as const)
      : saved.changed
        ? ({ kind: "success", key: "toast.discount.updated" } as const)
        : ({ kind: "info", key: "admin.toast.unchanged" } as const);
  throw redirect(`/admin/discount/${saved.row.id}`, { headers: [await flashHeader(toast)] });
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function DiscountEdit({ loaderData }: Route.ComponentProps) {
  const { found } = loaderData;
  const code = found?.code ?? null;
  const refusal = useActionData<typeof action>()?.refusal;
  return (
    <div className="flex flex-col gap-5">
      <div>
        <Link
          to="/admin/discount"
          className="inline-flex items-center gap-1 text-sm text-brand-700 underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t("admin.discount.back")}
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-brand-800">
          {code ? `${t("admin.discount.title")}：${code.code}` : t("admin.discount.newTitle")}
        </h1>
      </div>
      {refusal ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 text-accent-600 ring-1 ring-red-200">
          {refusal}
        </p>
      ) : null}
      {code && !code.active ? (
        <p
          className="rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200"
          data-testid="inactive-note"
        >
          {t("admin.discount.inactiveNote")}
        </p>
      ) : null}
      <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {/* A saved form remounts with the stored (normalised) values. */}
        <CodeForm key={code ? JSON.stringify(code) : "new"} loaderData={loaderData} />
        {found && code ? (
          <div className="flex flex-col gap-5">
            <Panel title={t("admin.discount.record")} testId="discount-record">
              <Facts
                rows={[
                  [t("admin.discount.used"), code.usedCount],
                  [t("admin.discount.orders"), found.orders],
                ]}
              />
              <div className="mt-4 flex justify-end">
                {found.orders === 0 && code.usedCount === 0 ? (
                  <DeleteRecordButton
                    label={t("admin.discount.delete")}
                    pendingLabel={t("admin.deleting")}
                    confirmTitle={t("admin.discount.confirmDeleteTitle", { code: code.code })}
                    confirmBody={t("admin.discount.confirmDeleteBody")}
                    confirmLabel={t("admin.discount.confirmDelete")}
                  />
                ) : code.active ? (
                  <ConfirmIntentButton
                    intent="deactivate"
                    icon={CircleOff}
                    label={t("admin.discount.deactivate")}
                    pendingLabel={t("admin.saving")}
                    confirmTitle={t("admin.discount.deactivate")}
                    confirmBody={t("admin.discount.deactivateBody", { orders: found.orders })}
                    confirmLabel={t("admin.discount.confirmDeactivate")}
                  />
                ) : null}
              </div>
            </Panel>
            <Panel title={t("admin.member.history")}>
              <AuditList entries={found.history} emptyText={t("admin.member.noHistory")} />
            </Panel>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function CodeForm({ loaderData }: { loaderData: LoaderData }) {
  const code = loaderData.found?.code ?? null;
  const navigation = useNavigation();
  const actionResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm<z.input<typeof discountCodeSchema>, z.output<typeof discountCodeSchema>>({
    lastResult: navigation.state === "idle" ? actionResult : null,
    defaultValue: code
      ? {
          code: code.code,
          description: code.description,
          percentageDiscount: String(code.percentageDiscount),
          minItems: code.minItemsCents === 0 ? "" : centsToDollars(code.minItemsCents),
          totalLimit: code.totalLimit === null ? "" : String(code.totalLimit),
          perMemberLimit: code.perMemberLimit === null ? "" : String(code.perMemberLimit),
          startsAt: code.startsAt ? toHkLocalInput(new Date(code.startsAt)) : "",
          endsAt: code.endsAt ? toHkLocalInput(new Date(code.endsAt)) : "",
          active: code.active,
        }
      : { percentageDiscount: "90", active: true },
    constraint: getZodConstraint(discountCodeSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: discountCodeSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") !== "delete" &&
    navigation.formData?.get("intent") !== "deactivate";
  const percentage = Number(fields.percentageDiscount.value);
  return (
    <Panel title={t("admin.discount.details")}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <FormField
          translate={errorText}
          field={fields.code}
          label={t("admin.discount.code")}
          hint={t("admin.discount.codeHint")}
        >
          <Input
            {...getInputProps(fields.code, { type: "text" })}
            maxLength={DISCOUNT_CODE_MAX}
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono uppercase"
          />
        </FormField>
        <FormField translate={errorText} field={fields.description} label={t("admin.discount.description")}>
          <Textarea {...getTextareaProps(fields.description)} maxLength={DISCOUNT_DESCRIPTION_MAX} rows={2} />
        </FormField>
        <FormField
          translate={errorText}
          field={fields.percentageDiscount}
          label={t("admin.discount.percentage")}
          hint={
            Number.isInteger(percentage) && percentage >= 0 && percentage <= 100
              ? t("admin.discount.percentageHint", { label: discountLabel(percentage) })
              : undefined
          }
        >
          <Input
            {...getInputProps(fields.percentageDiscount, { type: "number" })}
            min={0}
            max={100}
            step={1}
          />
        </FormField>
        <FormField
          translate={errorText}
          field={fields.minItems}
          label={t("admin.discount.minItems")}
          hint={t("admin.discount.minItemsHint")}
        >
          <Input {...getInputProps(fields.minItems, { type: "text" })} inputMode="decimal" />
        </FormField>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            translate={errorText}
            field={fields.totalLimit}
            label={t("admin.discount.totalLimit")}
            hint={t("admin.discount.limitHint")}
          >
            <Input {...getInputProps(fields.totalLimit, { type: "number" })} min={1} />
          </FormField>
          <FormField
            translate={errorText}
            field={fields.perMemberLimit}
            label={t("admin.discount.perMemberLimit")}
            hint={t("admin.discount.limitHint")}
          >
            <Input {...getInputProps(fields.perMemberLimit, { type: "number" })} min={1} />
          </FormField>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            translate={errorText}
            field={fields.startsAt}
            label={t("admin.discount.startsAt")}
            hint={t("admin.discount.windowHint")}
          >
            <Input {...getInputProps(fields.startsAt, { type: "datetime-local" })} />
          </FormField>
          <FormField
            translate={errorText}
            field={fields.endsAt}
            label={t("admin.discount.endsAt")}
            hint={t("admin.discount.windowHint")}
          >
            <Input {...getInputProps(fields.endsAt, { type: "datetime-local" })} />
          </FormField>
        </div>
        <label className="flex items-start gap-2 text-sm text-stone-800">
          <input
            {...getInputProps(fields.active, { type: "checkbox" })}
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
          />
          {t("admin.discount.active")}
        </label>
        <div className="pt-1">
          <SubmitButton
            pending={saving}
            label={code ? t("admin.discount.save") : t("admin.discount.create")}
            pendingLabel={t("admin.saving")}
          />
        </div>
      </Form>
    </Panel>
  );
}

/** A missing code shows inside the back office frame, with the way back to the list. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RecordErrorPanel
      error={error}
      notFound="admin.discount.notFound"
      back={{ to: "/admin/discount", label: "admin.discount.back" }}
    />
  );
}
