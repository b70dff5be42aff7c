import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useActionData } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { recordMeta } from "~/components/admin/admin-meta.ts";
import { CycleStatusBadge } from "~/components/admin/cycle-status-badge.tsx";
import { CycleRecordPanels } from "~/components/admin/cycles/cycle-record-panels.tsx";
import { RecordErrorPanel } from "~/components/admin/record-error-panel.tsx";
import {
  RecordColumns,
  RecordHeader,
  RecordNote,
  RecordSaveButton,
  RefusalAlert,
} from "~/components/admin/record-page.tsx";
import { Facts, Panel } from "~/components/admin/record-panel.tsx";
import { useRecordForm } from "~/components/admin/use-record-form.ts";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { type CycleRefusal, cycleSchema, maySettle } from "~/domain/cycles/admin-cycle.schema.ts";
import type { PickupWindow } from "~/domain/cycles/cycle-calendar.ts";
import { formatHkAdminTime, formatHkDay, toHkLocalInput } from "~/domain/shared/hk-time.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { errorText, t } from "~/i18n/admin.ts";
import type { ClosePickupDays } from "~/services/cycles/cycles-admin.server.ts";
import {
  type RecordAnswer,
  recordAction,
  refusedStep,
  type SaveRefusal,
  throwRedirectWithToast,
} from "~/web/record-action.server.ts";
import { notFound, recordIdParam } from "~/web/record-route.ts";
import type { Route } from "./+types/deadline-edit.ts";

/** /admin/deadline/new adds the open cycle; /admin/deadline/:id edits, settles or deletes one. */
export const meta: Route.MetaFunction = recordMeta("admin.cycle.title", "admin.cycle.newTitle");

const back = { to: "/admin/deadline", label: "admin.cycle.back" } as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = recordIdParam(params);
  const service = context.services.cycles.admin;
  if (id === null) {
    const open = await service.openCycle();
    return { found: null, open: open ? { id: open.id, cutoffAt: open.cutoffAt.toISOString() } : null };
  }
  const found = await service.getCycle(id);
  if (!found) notFound();
  const { cycle } = found;
  const [closedPoints, preview] = await Promise.all([
    cycle.status === "settled" ? [] : service.closedPointsOn(cycle.pickupFrom, cycle.pickupTo, cycle.id),
    cycle.status === "open" ? service.closePreview(cycle.id) : null,
  ]);
  const closePreview = preview
    ? {
        closed: { ...preview.closed, cutoffAt: preview.closed.cutoffAt.toISOString() },
        next: { ...preview.next, cutoffAt: preview.next.cutoffAt.toISOString() },
      }
    : null;
  return {
    found: {
      ...found,
      closedPoints,
      closePreview,
      cycle: {
        ...cycle,
        cutoffAt: cycle.cutoffAt.toISOString(),
        settledAt: cycle.settledAt?.toISOString() ?? null,
        createdAt: cycle.createdAt.toISOString(),
      },
      maySettle: maySettle(cycle, new Date()),
    },
    open: null,
  };
}

/** A refusal of the form in words, on the field it belongs to (none: the whole form). */
function refusalErrors(refusal: CycleRefusal, openCutoff?: Date, neighbour?: PickupWindow): SaveRefusal {
  switch (refusal) {
    case "openExists": {
      const cutoff = openCutoff ? formatHkAdminTime(openCutoff) : "";
      return { status: 409, formErrors: [t("admin.cycle.openExists", { cutoff })] };
    }
    case "cutoffPast":
      return { status: 409, fieldErrors: { cutoffAt: [t("admin.cycle.cutoffPast")] } };
    case "cutoffLocked":
      return { status: 409, fieldErrors: { cutoffAt: [t("admin.cycle.cutoffLocked")] } };
    case "settled":
      return { status: 409, formErrors: [t("admin.cycle.settledLocked")] };
    case "pickupBeforeEarlier":
    case "pickupAfterLater": {
      const days = neighbour
        ? { from: formatHkDay(neighbour.pickupFrom), to: formatHkDay(neighbour.pickupTo) }
        : { from: "", to: "" };
      return { status: 409, fieldErrors: { pickupFrom: [t(`admin.cycle.${refusal}`, days)] } };
    }
  }
}

type Cycles = Route.ActionArgs["context"]["services"]["cycles"]["admin"];

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const service = context.services.cycles.admin;
  return recordAction(request, params, {
    list: back.to,
    schema: cycleSchema,
    names: ["cancelUnpaid", ...CLOSE_DATE_NAMES],
    save: (id, value) =>
      id === null ? service.createCycle(admin.id, value) : service.updateCycle(admin.id, id, value),
    refuseSave: (refused) => refusalErrors(refused.refusal, refused.open?.cutoffAt, refused.neighbour),
    remove: (id) => service.deleteCycle(admin.id, id),
    refuseDelete: (refused) => ({ refusal: t("admin.cycle.inUse", { orders: refused.orders }) }),
    intents: {
      close: (id, formData) => closeCycle(service, admin.id, id, formData),
      settle: (id, formData) => settleCycle(service, admin.id, id, formData.get("cancelUnpaid") === "1"),
    },
  });
}

const CLOSE_DATE_NAMES = ["closedPickupFrom", "closedPickupTo", "nextPickupFrom", "nextPickupTo"] as const;
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** The pickup days the admin saw and may have moved when closing early (issue 47 item 8). */
function closeDates(formData: FormData): ClosePickupDays | "bad" | null {
  const [closedFrom, closedTo, nextFrom, nextTo] = CLOSE_DATE_NAMES.map((name) =>
    String(formData.get(name) ?? ""),
  );
  if ([closedFrom, closedTo, nextFrom, nextTo].every((value) => value === "")) return null;
  if (![closedFrom, closedTo, nextFrom, nextTo].every((value) => isDay(value!))) return "bad";
  return {
    closed: { pickupFrom: closedFrom!, pickupTo: closedTo! },
    next: { pickupFrom: nextFrom!, pickupTo: nextTo! },
  };
}

/** "Close now": the open cycle stops taking orders; the toast names the next cycle's cut-off. */
async function closeCycle(
  service: Cycles,
  adminId: string,
  id: number,
  formData: FormData,
): Promise<RecordAnswer> {
  const dates = closeDates(formData);
  if (dates === "bad") return refusedStep(t("admin.cycle.pickupRange"));
  const closed = await service.closeNow(adminId, id, new Date(), dates);
  if (closed.status === "not_found") notFound();
  if (closed.status === "notOpen") return refusedStep(t("admin.cycle.notOpen"));
  if (closed.status === "refused") return refusedStep(t(`admin.cycle.${closed.refusal}`));
  const next = closed.next ? formatHkAdminTime(closed.next.cutoffAt) : "";
  return throwRedirectWithToast(`/admin/deadline/${id}`, {
    kind: "success",
    key: "admin.cycle.closed",
    params: { next },
  });
}

/** "Settle now": refused before the cut-off or while payments are pending; else on to the report. */
async function settleCycle(service: Cycles, adminId: string, id: number, cancelUnpaid: boolean) {
  const settled = await service.settleNow(adminId, id, new Date(), { cancelUnpaid });
  if (settled.status === "refused") {
    if (settled.reason === "unknownCycle") notFound();
    const found = await service.getCycle(id);
    const refusal =
      settled.reason === "beforeCutoff"
        ? t("admin.cycle.beforeCutoff", { cutoff: found ? formatHkAdminTime(found.cycle.cutoffAt) : "" })
        : t("admin.cycle.paymentsPending", { count: settled.pendingOrders ?? 0 });
    return refusedStep(refusal);
  }
  const report = `/admin/deadline/${id}/report`;
  if (settled.alreadySettled) {
    const found = await service.getCycle(id);
    const time = found?.cycle.settledAt ? formatHkAdminTime(found.cycle.settledAt) : "";
    return throwRedirectWithToast(report, {
      kind: "info",
      key: "admin.cycle.alreadySettled",
      params: { time },
    });
  }
  const credited = Object.values(settled.totals.credited).reduce((sum, entry) => sum + entry.cents, 0);
  const params = {
    orders: settled.totals.confirmedOrders,
    members: settled.totals.membersCredited,
    amount: formatCents(credited),
  };
  const cancelled = settled.cancelled;
  return throwRedirectWithToast(
    report,
    cancelled && cancelled.orders > 0
      ? {
          kind: "success",
          key: "admin.cycle.settledCancelled",
          params: { ...params, cancelled: cancelled.orders },
        }
      : { kind: "success", key: "admin.cycle.settled", params },
  );
}

type LoaderData = Route.ComponentProps["loaderData"];
type Found = NonNullable<LoaderData["found"]>;

export default function DeadlineEdit({ loaderData }: Route.ComponentProps) {
  const { found, open } = loaderData;
  const cycle = found?.cycle ?? null;
  const refusal = useActionData<typeof action>()?.refusal;
  const cutoff = cycle ? formatHkAdminTime(new Date(cycle.cutoffAt)) : "";
  return (
    <div className="flex flex-col gap-5">
      <RecordHeader
        back={back}
        title={cycle ? t("admin.cycle.heading", { cutoff }) : t("admin.cycle.newTitle")}
        badge={cycle ? <CycleStatusBadge status={cycle.status} /> : null}
      />
      <RefusalAlert refusal={refusal} />
      {open ? (
        <RecordNote testId="open-note">
          {t("admin.cycle.openExists", { cutoff: formatHkAdminTime(new Date(open.cutoffAt)) })}{" "}
          <Link to={`/admin/deadline/${open.id}`} className="underline">
            {t("admin.cycle.openExistsLink")}
          </Link>
        </RecordNote>
      ) : null}
      <RecordColumns aside={found ? <CycleRecordPanels found={found} cutoff={cutoff} /> : null}>
        {cycle?.status === "settled" ? (
          <Panel title={t("admin.cycle.details")}>
            <p className="mb-3 text-stone-700">{t("admin.cycle.settledLocked")}</p>
            <Facts
              rows={[
                [t("admin.cycle.cutoff"), cutoff],
                [t("admin.cycle.pickupFrom"), cycle.pickupFrom],
                [t("admin.cycle.pickupTo"), cycle.pickupTo],
              ]}
            />
          </Panel>
        ) : (
          // A saved form remounts with the stored values.
          <CycleForm key={cycle ? JSON.stringify(cycle) : "new"} cycle={cycle} />
        )}
      </RecordColumns>
    </div>
  );
}

function CycleForm({ cycle }: { cycle: Found["cycle"] | null }) {
  const { form, fields, saving } = useRecordForm(
    cycleSchema,
    cycle
      ? {
          cutoffAt: toHkLocalInput(new Date(cycle.cutoffAt)),
          pickupFrom: cycle.pickupFrom,
          pickupTo: cycle.pickupTo,
        }
      : undefined,
  );
  const formError = errorText(form.errors?.[0]);
  return (
    <Panel title={t("admin.cycle.details")}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        {formError ? (
          <p id={form.errorId} role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-accent-600">
            {formError}
          </p>
        ) : null}
        {cycle === null ? <p className="text-sm text-stone-700">{t("admin.cycle.newNote")}</p> : null}
        {cycle?.status === "settling" ? (
          <p className="text-sm text-stone-700">{t("admin.cycle.settlingNote")}</p>
        ) : null}
        <FormField
          translate={errorText}
          field={fields.cutoffAt}
          label={t("admin.cycle.cutoff")}
          hint={t("admin.cycle.cutoffHint")}
        >
          <Input
            {...getInputProps(fields.cutoffAt, { type: "datetime-local" })}
            readOnly={cycle?.status === "settling"}
          />
        </FormField>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField translate={errorText} field={fields.pickupFrom} label={t("admin.cycle.pickupFrom")}>
            <Input {...getInputProps(fields.pickupFrom, { type: "date" })} />
          </FormField>
          <FormField translate={errorText} field={fields.pickupTo} label={t("admin.cycle.pickupTo")}>
            <Input {...getInputProps(fields.pickupTo, { type: "date" })} />
          </FormField>
        </div>
        <RecordSaveButton saving={saving} label={cycle ? t("admin.cycle.save") : t("admin.cycle.create")} />
      </Form>
    </Panel>
  );
}

/** A missing cycle shows inside the back office frame, with the way back to the list. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RecordErrorPanel error={error} notFound="admin.cycle.notFound" back={back} />;
}
