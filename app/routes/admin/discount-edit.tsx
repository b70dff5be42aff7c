import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { CircleOff } from "lucide-react";
import { Form, useActionData } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { recordMeta } from "~/components/admin/admin-meta.ts";
import { ConfirmIntentButton } from "~/components/admin/confirm-intent-button.tsx";
import { RecordErrorPanel } from "~/components/admin/record-error-panel.tsx";
import {
  CheckboxField,
  HistoryPanel,
  RecordColumns,
  RecordHeader,
  RecordNote,
  RecordSaveButton,
  RefusalAlert,
} from "~/components/admin/record-page.tsx";
import { DeleteRecordButton, Facts, Panel } from "~/components/admin/record-panel.tsx";
import { useRecordForm } from "~/components/admin/use-record-form.ts";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input, Textarea } from "~/components/ui/input.tsx";
import {
  DISCOUNT_CODE_MAX,
  DISCOUNT_DESCRIPTION_MAX,
  discountCodeSchema,
} from "~/domain/cart/admin-discount.schema.ts";
import { centsToDollars } from "~/domain/shared/dollar-amounts.ts";
import { toHkLocalInput } from "~/domain/shared/hk-time.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { discountLabel } from "~/i18n/index.ts";
import { recordAction } from "~/web/record-action.server.ts";
import { findRecord } from "~/web/record-route.ts";
import type { Route } from "./+types/discount-edit.ts";

/** /admin/discount/new adds a code; /admin/discount/:id edits, deactivates or deletes one. */
export const meta: Route.MetaFunction = recordMeta("admin.discount.title", "admin.discount.newTitle");

const back = { to: "/admin/discount", label: "admin.discount.back" } as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { found: await findRecord(params, (id) => context.services.cart.discounts.get(id)) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const service = context.services.cart.discounts;
  return recordAction(request, params, {
    list: back.to,
    schema: discountCodeSchema,
    save: (id, value) =>
      id === null ? service.create(admin.id, value) : service.update(admin.id, id, value),
    refuseSave: (refused) => ({
      status: 409,
      fieldErrors:
        refused.status === "code_taken"
          ? { code: [t("admin.discount.codeTaken")] }
          : { totalLimit: [t("admin.discount.limitBelowUsed", { used: refused.usedCount })] },
    }),
    remove: (id) => service.remove(admin.id, id),
    refuseDelete: () => ({ refusal: t("admin.discount.inUse") }),
    deactivate: (id) => service.deactivate(admin.id, id),
    toasts: {
      added: "toast.discount.added",
      updated: "toast.discount.updated",
      removed: "toast.discount.removed",
    },
  });
}

type LoaderData = Route.ComponentProps["loaderData"];
type Found = NonNullable<LoaderData["found"]>;

export default function DiscountEdit({ loaderData }: Route.ComponentProps) {
  const { found } = loaderData;
  const code = found?.code ?? null;
  const refusal = useActionData<typeof action>()?.refusal;
  return (
    <div className="flex flex-col gap-5">
      <RecordHeader
        back={back}
        title={code ? `${t("admin.discount.title")}：${code.code}` : t("admin.discount.newTitle")}
      />
      <RefusalAlert refusal={refusal} />
      {code && !code.active ? (
        <RecordNote testId="inactive-note">{t("admin.discount.inactiveNote")}</RecordNote>
      ) : null}
      <RecordColumns aside={found ? <CodePanels found={found} /> : null}>
        {/* A saved form remounts with the stored (normalised) values. */}
        <CodeForm key={code ? JSON.stringify(code) : "new"} loaderData={loaderData} />
      </RecordColumns>
    </div>
  );
}

function CodePanels({ found }: { found: Found }) {
  const { code } = found;
  return (
    <>
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
      <HistoryPanel entries={found.history} />
    </>
  );
}

function CodeForm({ loaderData }: { loaderData: LoaderData }) {
  const code = loaderData.found?.code ?? null;
  const { form, fields, saving } = useRecordForm(
    discountCodeSchema,
    code
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
  );
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
        <CheckboxField field={fields.active}>{t("admin.discount.active")}</CheckboxField>
        <RecordSaveButton
          saving={saving}
          label={code ? t("admin.discount.save") : t("admin.discount.create")}
        />
      </Form>
    </Panel>
  );
}

/** A missing code shows inside the back office frame, with the way back to the list. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RecordErrorPanel error={error} notFound="admin.discount.notFound" back={back} />;
}
