import { Trash2 } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { t } from "~/i18n/admin.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";

/** A white card with a heading: one part of a back office record page. */
export function Panel({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm sm:p-5" data-testid={testId}>
      <h2 className="mb-3 text-lg font-semibold text-stone-900">{title}</h2>
      {children}
    </section>
  );
}

/** Label and value pairs (dates, counts) beside a form. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-stone-600">{label}</dt>
          <dd className="break-words text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A delete button that asks first (ConfirmDialog), then posts `intent=delete` to the page's action;
 * the question says what happens to the records that point at this one.
 */
export function DeleteRecordButton({
  label,
  confirmTitle,
  confirmBody,
  confirmLabel,
  pendingLabel = t("admin.deleting"),
}: {
  label: string;
  confirmTitle: string;
  confirmBody: string;
  confirmLabel: string;
  /** The button's words while the delete is on its way ("刪除中…" unless given). */
  pendingLabel?: string;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState(false);
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  return (
    <Form method="post" ref={formRef}>
      <input type="hidden" name="intent" value="delete" />
      <Button
        tone="dangerOutline"
        size="sm"
        type="button"
        disabled={deleting}
        onClick={() => setConfirming(true)}
        className="flex items-center gap-2"
      >
        <Trash2 className="size-4" aria-hidden="true" />
        {deleting ? pendingLabel : label}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={confirmTitle}
        body={confirmBody}
        confirmLabel={confirmLabel}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          formRef.current?.requestSubmit();
        }}
      />
    </Form>
  );
}
