import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, CalendarRange, FileText, Gavel, Lock, TriangleAlert } from "lucide-react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { z } from "zod";
import { flashHeader } from "~/auth/flash.server.ts";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { AuditList } from "~/components/admin/audit-list.tsx";
import { ConfirmIntentButton } from "~/components/admin/confirm-intent-button.tsx";
import { CycleStatusBadge } from "~/components/admin/cycle-status-badge.tsx";
import { RecordErrorPanel } from "~/components/admin/record-error-panel.tsx";
import { DeleteRecordButton, Facts, Panel } from "~/components/admin/record-panel.tsx";
import { notFound, recordIdParam, savedToast } from "~/components/admin/record-route.ts";
import { FormField, SubmitButton } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { type CycleRefusal, cycleSchema, maySettle } from "~/domain/cycles/admin-cycle.schema.ts";
import { formatPickupDay } from "~/domain/cycles/cycle-calendar.ts";
import { formatHkAdminTime, toHkLocalInput } from "~/domain/shared/hk-time.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { readForm } from "~/services/shared/request-body.server.ts";
import type { Route } from "./+types/deadline-edit.ts";

/** /admin/deadline/new adds the open cycle; /admin/deadline/:id edits, settles or deletes one. */
export const meta: Route.MetaFunction = ({ params }) =>
  adminMeta("id" in params && params.id ? "admin.cycle.title" : "admin.cycle.newTitle");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = recordIdParam(params);
  const service = context.services.cyclesAdmin;
  if (id === null) {
    const open = await service.openCycle();
    return { found: null, open: open ? { id: open.id, cutoffAt: open.cutoffAt.toISOString() } : null };
  }
  const found = await service.getCycle(id);
  if (!found) notFound();
  const { cycle } = found;
  const closedPoints =
    cycle.status === "settled"
      ? []
      : await service.closedPointsOn(cycle.pickupFrom, cycle.pickupTo, cycle.id);
  return {
    found: {
      ...found,
      closedPoints,
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

/** A refusal of the form in words, and the field it belongs to (none: the whole form). */
function refusalReply(refusal: CycleRefusal, openCutoff?: Date): { field?: "cutoffAt"; text: string } {
  switch (refusal) {
    case "openExists":
      return {
        text: t("admin.cycle.openExists", { cutoff: openCutoff ? formatHkAdminTime(openCutoff) : "" }),
      };
    case "cutoffPast":
      return { field: "cutoffAt", text: t("admin.cycle.cutoffPast") };
    case "cutoffLocked":
      return { field: "cutoffAt", text: t("admin.cycle.cutoffLocked") };
    case "settled":
      return { text: t("admin.cycle.settledLocked") };
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const id = recordIdParam(params);
  const formData = await readForm(request, { schemas: [cycleSchema], names: ["intent", "cancelUnpaid"] });
  const service = context.services.cyclesAdmin;
  const intent = formData.get("intent");

  if (intent === "delete") {
    if (id === null) notFound();
    const deleted = await service.deleteCycle(admin.id, id);
    if (deleted.status === "not_found") notFound();
    if (deleted.status === "in_use") {
      return data(
        { result: undefined, refusal: t("admin.cycle.inUse", { orders: deleted.orders }) },
        { status: 409 },
      );
    }
    throw redirect("/admin/deadline", {
      headers: [await flashHeader({ kind: "success", key: "toast.admin.removed" })],
    });
  }

  if (intent === "close") {
    if (id === null) notFound();
    const closed = await service.closeNow(admin.id, id);
    if (closed.status === "not_found") notFound();
    if (closed.status === "notOpen") {
      return data({ result: undefined, refusal: t("admin.cycle.notOpen") }, { status: 409 });
    }
    throw redirect(`/admin/deadline/${id}`, {
      headers: [
        await flashHeader({
          kind: "success",
          key: "admin.cycle.closed",
          params: { next: closed.next ? formatHkAdminTime(closed.next.cutoffAt) : "" },
        }),
      ],
    });
  }

  if (intent === "settle") {
    if (id === null) notFound();
    const settled = await service.settleNow(admin.id, id, new Date(), {
      cancelUnpaid: formData.get("cancelUnpaid") === "1",
    });
    if (settled.status === "refused") {
      if (settled.reason === "unknownCycle") notFound();
      const found = await service.getCycle(id);
      const refusal =
        settled.reason === "beforeCutoff"
          ? t("admin.cycle.beforeCutoff", { cutoff: found ? formatHkAdminTime(found.cycle.cutoffAt) : "" })
          : t("admin.cycle.paymentsPending", { count: settled.pendingOrders ?? 0 });
      return data({ result: undefined, refusal }, { status: 409 });
    }
    if (settled.alreadySettled) {
      const found = await service.getCycle(id);
      const time = found?.cycle.settledAt ? formatHkAdminTime(found.cycle.settledAt) : "";
      throw redirect(`/admin/deadline/${id}/report`, {
        headers: [await flashHeader({ kind: "info", key: "admin.cycle.alreadySettled", params: { time } })],
      });
    }
    const credited = Object.values(settled.totals.credited).reduce((sum, entry) => sum + entry.cents, 0);
    const params = {
      orders: settled.totals.confirmedOrders,
      members: settled.totals.membersCredited,
      amount: formatCents(credited),
    };
    const cancelled = settled.cancelled;
    throw redirect(`/admin/deadline/${id}/report`, {
      headers: [
        await flashHeader(
          cancelled && cancelled.orders > 0
            ? {
                kind: "success",
                key: "admin.cycle.settledCancelled",
                params: { ...params, cancelled: cancelled.orders },
              }
            : { kind: "success", key: "admin.cycle.settled", params },
        ),
      ],
    });
  }

  const submission = parseWithZod(formData, { schema: cycleSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), refusal: undefined }, { status: 400 });
  }
  const saved =
    id === null
      ? await service.createCycle(admin.id, submission.value)
      : await service.updateCycle(admin.id, id, submission.value);
  if (saved.status === "not_found") notFound();
  if (saved.status === "refused") {
    const reply = refusalReply(saved.refusal, saved.open?.cutoffAt);
    const result = reply.field
      ? submission.reply({ fieldErrors: { [reply.field]: [reply.text] } })
      : submission.reply({ formErrors: [reply.text] });
    return data({ result, refusal: undefined }, { status: 409 });
  }
  const toast = savedToast(id === null, saved.changed);
  throw redirect(`/admin/deadline/${saved.row.id}`, { headers: [await flashHeader(toast)] });
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
      <div>
        <Link
          to="/admin/deadline"
          className="inline-flex items-center gap-1 text-sm text-brand-700 underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t("admin.cycle.back")}
        </Link>
        <h1 className="mt-2 flex flex-wrap items-center gap-3 text-2xl font-bold text-brand-800">
          {cycle ? t("admin.cycle.heading", { cutoff }) : t("admin.cycle.newTitle")}
          {cycle ? <CycleStatusBadge status={cycle.status} /> : null}
        </h1>
      </div>
      {refusal ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 text-accent-600 ring-1 ring-red-200">
          {refusal}
        </p>
      ) : null}
      {open ? (
        <p
          className="rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200"
          data-testid="open-note"
        >
          {t("admin.cycle.openExists", { cutoff: formatHkAdminTime(new Date(open.cutoffAt)) })}{" "}
          <Link to={`/admin/deadline/${open.id}`} className="underline">
            {t("admin.cycle.openExistsLink")}
          </Link>
        </p>
      ) : null}
      <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
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
        {found ? <RecordPanels found={found} cutoff={cutoff} /> : null}
      </div>
    </div>
  );
}

function RecordPanels({ found, cutoff }: { found: Found; cutoff: string }) {
  const { cycle, orders } = found;
  const unpaidNote =
    orders.pending > 0
      ? orders.claimed > 0
        ? t("admin.cycle.settleUnpaidClaimed", { count: orders.pending, claimed: orders.claimed })
        : t("admin.cycle.settleUnpaid", { count: orders.pending })
      : null;
  return (
    <div className="flex flex-col gap-5">
      {found.closedPoints.length > 0 ? <ClosedPointsWarning points={found.closedPoints} /> : null}
      <Panel title={t("admin.cycle.record")} testId="cycle-record">
        <Facts
          rows={[
            [t("admin.cycle.status"), <CycleStatusBadge key="status" status={cycle.status} />],
            [t("admin.cycle.ordersPaid"), orders.paid],
            [t("admin.cycle.ordersPending"), orders.pending],
            [t("admin.cycle.ordersAll"), orders.total],
            [
              t("admin.cycle.settledAt"),
              cycle.settledAt ? formatHkAdminTime(new Date(cycle.settledAt)) : t("admin.none"),
            ],
            ...(cycle.settledAt
              ? ([[t("admin.cycle.settledBy"), found.settledByName ?? t("admin.cycle.settledByJob")]] as [
                  string,
                  string,
                ][])
              : []),
          ]}
        />
        <div className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
          <Link
            to={`/admin/deadline/${cycle.id}/report`}
            className="inline-flex items-center gap-1 text-brand-700 underline"
          >
            <FileText className="size-4" aria-hidden="true" />
            {t("admin.cycle.report")}
          </Link>
          <Link
            to={`/admin/weekly-order?cycle=${cycle.id}`}
            className="inline-flex items-center gap-1 text-brand-700 underline"
          >
            <CalendarRange className="size-4" aria-hidden="true" />
            {t("admin.cycle.weeklyOrder")}
          </Link>
        </div>
        {cycle.status === "settled" ? null : (
          <div className="mt-4 border-t border-stone-100 pt-4">
            <p className="mb-3 text-sm text-stone-700">
              {found.maySettle ? t("admin.cycle.settleHint") : t("admin.cycle.settleLater")}
            </p>
            {found.maySettle ? (
              <ConfirmIntentButton
                intent="settle"
                icon={Gavel}
                label={t("admin.cycle.settle")}
                pendingLabel={t("admin.cycle.settlingNow")}
                confirmTitle={t("admin.cycle.settleTitle", { cutoff })}
                confirmBody={
                  unpaidNote ? `${unpaidNote} ${t("admin.cycle.settleBody")}` : t("admin.cycle.settleBody")
                }
                confirmLabel={
                  unpaidNote
                    ? t("admin.cycle.settleCancelConfirm", { count: orders.pending })
                    : t("admin.cycle.settleConfirm")
                }
                fields={unpaidNote ? { cancelUnpaid: "1" } : {}}
              />
            ) : null}
            {cycle.status === "open" ? (
              <div className={found.maySettle ? "mt-3" : undefined}>
                <ConfirmIntentButton
                  intent="close"
                  icon={Lock}
                  label={t("admin.cycle.close")}
                  pendingLabel={t("admin.cycle.closing")}
                  confirmTitle={t("admin.cycle.closeTitle", { cutoff })}
                  confirmBody={t("admin.cycle.closeBody")}
                  confirmLabel={t("admin.cycle.closeConfirm")}
                />
              </div>
            ) : null}
          </div>
        )}
        {orders.total === 0 ? (
          <div className="mt-4 flex justify-end border-t border-stone-100 pt-4">
            <DeleteRecordButton
              label={t("admin.cycle.delete")}
              pendingLabel={t("admin.deleting")}
              confirmTitle={t("admin.cycle.confirmDeleteTitle", { cutoff })}
              confirmBody={
                cycle.status === "open"
                  ? t("admin.cycle.confirmDeleteOpen")
                  : t("admin.cycle.confirmDeleteBody")
              }
              confirmLabel={t("admin.cycle.confirmDelete")}
            />
          </div>
        ) : null}
      </Panel>
      <Panel title={t("admin.cycle.history")}>
        <AuditList entries={found.history} emptyText={t("admin.cycle.noHistory")} />
      </Panel>
    </div>
  );
}

/** Issue 27 item 7: the pickup points closed on some pickup days — a warning, not a refusal. */
function ClosedPointsWarning({ points }: { points: Found["closedPoints"] }) {
  return (
    <section
      aria-labelledby="closed-points-title"
      className="rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200"
      data-testid="closed-points"
    >
      <h2 id="closed-points-title" className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-4" aria-hidden="true" />
        {t("admin.cycle.closedPointsTitle")}
      </h2>
      <ul className="mt-2 list-disc pl-5 text-sm">
        {points.map((point) => (
          <li key={point.id}>
            {t(point.allDays ? "admin.cycle.closedPointAll" : "admin.cycle.closedPoint", {
              name: point.name,
              days: point.days.map(formatPickupDay).join("、"),
            })}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">{t("admin.cycle.closedPointsHint")}</p>
    </section>
  );
}

function CycleForm({ cycle }: { cycle: Found["cycle"] | null }) {
  const navigation = useNavigation();
  const actionResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm<z.input<typeof cycleSchema>, z.output<typeof cycleSchema>>({
    lastResult: navigation.state === "idle" ? actionResult : null,
    defaultValue: cycle
      ? {
          cutoffAt: toHkLocalInput(new Date(cycle.cutoffAt)),
          pickupFrom: cycle.pickupFrom,
          pickupTo: cycle.pickupTo,
        }
      : undefined,
    constraint: getZodConstraint(cycleSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: cycleSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = navigation.state === "submitting" && !navigation.formData?.get("intent");
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
        <div className="pt-1">
          <SubmitButton
            pending={saving}
            label={cycle ? t("admin.cycle.save") : t("admin.cycle.create")}
            pendingLabel={t("admin.saving")}
          />
        </div>
      </Form>
    </Panel>
  );
}

/** A missing cycle shows inside the back office frame, with the way back to the list. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RecordErrorPanel
      error={error}
      notFound="admin.cycle.notFound"
      back={{ to: "/admin/deadline", label: "admin.cycle.back" }}
    />
  );
}
