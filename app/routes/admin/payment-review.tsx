import { CheckCheck } from "lucide-react";
import { data, redirect } from "react-router";
import { type FlashToast, flashHeader } from "~/auth/flash.server.ts";
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
import { Select } from "~/components/ui/select.tsx";
import { refundChoiceSchema, refundMethodOf } from "~/domain/payments/refunds.ts";
import { parseTableState } from "~/domain/shared/admin-table.ts";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { t } from "~/i18n/admin.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/payment-review.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.paymentReview.title");

/**
 * Money that arrived and did not pay its order (issue 44 item 1): after the order expired or was
 * cancelled, for an order already paid, or of another amount. Each was credited to the member as
 * dDollar; an admin looks at each (and may send it back by hand), the unreviewed first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseTableState(new URL(request.url).searchParams);
  const [list, unreviewed] = await Promise.all([
    context.services.payments.kept.list(query),
    context.services.payments.kept.unreviewedCount(),
  ]);
  return { ...list, unreviewed };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await readForm(request, { names: ["intent", "paymentId", "refundTo"] });
  const paymentId = Number(form.get("paymentId"));
  const choice = refundChoiceSchema.safeParse({ refundTo: form.get("refundTo") ?? undefined });
  if (
    form.get("intent") !== "review" ||
    !Number.isSafeInteger(paymentId) ||
    paymentId <= 0 ||
    !choice.success
  ) {
    throw data({ badRequest: true }, { status: 400 });
  }
  const back = new URL(request.url).pathname + new URL(request.url).search;
  // Decision 0052: sent back the way it came instead of kept as dDollar (reviewed with it).
  if (choice.data.refundTo !== "dollar") {
    const done = await context.services.payments.kept.returnToPayment(admin.id, paymentId);
    if (done.status === "not_found") throw data({ notFound: true }, { status: 404 });
    const toast: FlashToast =
      done.status === "returned"
        ? { kind: "success", key: "admin.paymentReview.returned" }
        : done.status === "alreadyReviewed"
          ? { kind: "info", key: "admin.paymentReview.already" }
          : done.status === "spent"
            ? {
                kind: "error",
                key: "admin.paymentReview.spent",
                params: { balance: formatCents(done.balanceCents) },
              }
            : { kind: "error", key: "admin.paymentReview.notRefundable" };
    throw redirect(back, { headers: [await flashHeader(toast)] });
  }
  const reviewed = await context.services.payments.kept.review(admin.id, paymentId);
  throw redirect(back, {
    headers: [
      await flashHeader(
        reviewed
          ? { kind: "success", key: "admin.paymentReview.done" }
          : { kind: "info", key: "admin.paymentReview.already" },
      ),
    ],
  });
}

type KeptRow = Route.ComponentProps["loaderData"]["rows"][number];

function ReviewButton({ row }: { row: KeptRow }) {
  const method = refundMethodOf(row.provider);
  if (row.reviewedAt) {
    return (
      <span className="text-stone-600">
        {t("admin.paymentReview.reviewedAt", { time: formatHkAdminTime(new Date(row.reviewedAt)) })}
      </span>
    );
  }
  // Sending money back cannot be undone: the step asks first (with JavaScript), as every such step.
  return (
    <ConfirmIntentButton
      intent="review"
      tone="primary"
      fields={{ paymentId: String(row.id) }}
      icon={CheckCheck}
      label={t("admin.paymentReview.review")}
      pendingLabel={t("admin.saving")}
      confirmTitle={t("admin.paymentReview.confirmTitle", { number: row.number })}
      confirmBody={t("admin.paymentReview.confirmBody", { amount: formatCents(row.receivedCents) })}
      confirmLabel={t("admin.paymentReview.confirm")}
    >
      {method && row.receivedCents > 0 ? (
        <Select
          name="refundTo"
          variant="filter"
          defaultValue="dollar"
          className="text-sm"
          aria-label={t("admin.refund.to")}
        >
          <option value="dollar">{t("admin.paymentReview.refundTo.keep")}</option>
          <option value={method}>{t(`admin.refund.to.${method}`)}</option>
        </Select>
      ) : null}
    </ConfirmIntentButton>
  );
}

const columns: DataTableColumn<KeptRow>[] = [
  orderColumn(t("admin.paymentReview.col.order")),
  memberColumn(t("admin.paymentReview.col.member")),
  {
    id: "reason",
    header: t("admin.paymentReview.col.reason"),
    cell: (row) => t(`admin.paymentReview.reason.${row.reason}`),
  },
  {
    id: "method",
    header: t("admin.paymentReview.col.method"),
    cell: (row) => (
      <span>
        {t(`admin.orders.method.${row.provider}`)}
        {row.providerRef ? (
          <span className="block max-w-[9rem] truncate text-xs text-stone-500" title={row.providerRef}>
            {row.providerRef}
          </span>
        ) : null}
      </span>
    ),
  },
  numberColumn("asked", t("admin.paymentReview.col.asked"), (row) => formatCents(row.amountCents)),
  numberColumn("received", t("admin.paymentReview.col.received"), (row) => formatCents(row.receivedCents)),
  {
    id: "receivedAt",
    header: t("admin.paymentReview.col.receivedAt"),
    className: "tabular-nums",
    cell: (row) => formatHkAdminTime(new Date(row.receivedAt)),
  },
  { id: "review", header: t("admin.paymentReview.col.review"), cell: (row) => <ReviewButton row={row} /> },
];

export default function PaymentReview({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold text-brand-800">{t("admin.paymentReview.title")}</h1>
        <p className="mt-1 text-sm text-stone-600" data-testid="unreviewed-count">
          {t("admin.paymentReview.intro", { count: loaderData.unreviewed.toLocaleString("en") })}
        </p>
      </div>
      <DataTable
        caption={t("admin.paymentReview.title")}
        columns={columns}
        rows={loaderData.rows}
        rowId={(row) => String(row.id)}
        rowLabel={(row) => row.number}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        emptyText={t("admin.paymentReview.empty")}
      />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
