import type { LucideIcon } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";

/**
 * A button that asks first (ConfirmDialog), then posts `intent=<intent>` (and any `fields`) to the
 * page's action: for steps that are not a delete but still change what members see (e.g.
 * deactivating a pickup point). `tone="primary"` is for a step forward, such as marking paid.
 */
export function ConfirmIntentButton({
  intent,
  icon: Icon,
  label,
  pendingLabel,
  confirmTitle,
  confirmBody,
  confirmLabel,
  fields = {},
  tone = "danger",
  children,
}: {
  intent: string;
  icon: LucideIcon;
  label: string;
  pendingLabel: string;
  confirmTitle: string;
  confirmBody: string;
  confirmLabel: string;
  fields?: Record<string, string>;
  tone?: "danger" | "primary";
  /** Fields the admin fills before asking (e.g. where a refund goes), inside the same form. */
  children?: ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState(false);
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" ref={formRef}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <Button
        tone={tone === "danger" ? "dangerOutline" : "primary"}
        size="sm"
        disabled={pending}
        onClick={() => setConfirming(true)}
        className="flex items-center gap-2"
      >
        <Icon className="size-4" aria-hidden="true" />
        {pending ? pendingLabel : label}
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
