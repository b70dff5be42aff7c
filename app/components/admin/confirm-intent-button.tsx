import type { LucideIcon } from "lucide-react";
import { useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { ConfirmDialog } from "./confirm-dialog.tsx";

/**
 * A button that asks first (ConfirmDialog), then posts `intent=<intent>` to the page's action: for
 * steps that are not a delete but still change what members see (e.g. deactivating a pickup point).
 */
export function ConfirmIntentButton({
  intent,
  icon: Icon,
  label,
  pendingLabel,
  confirmTitle,
  confirmBody,
  confirmLabel,
}: {
  intent: string;
  icon: LucideIcon;
  label: string;
  pendingLabel: string;
  confirmTitle: string;
  confirmBody: string;
  confirmLabel: string;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState(false);
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" ref={formRef}>
      <input type="hidden" name="intent" value={intent} />
      <button
        type="button"
        disabled={pending}
        onClick={() => setConfirming(true)}
        className="flex items-center gap-2 rounded-full border border-accent-600 px-4 py-2 text-sm font-semibold text-accent-600 hover:bg-red-50 disabled:opacity-60"
      >
        <Icon className="size-4" aria-hidden="true" />
        {pending ? pendingLabel : label}
      </button>
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
