import { type ReactNode, useId } from "react";
import { Button } from "~/components/ui/button.tsx";
import { Modal } from "~/components/ui/modal.tsx";
import { t } from "~/i18n/admin.ts";

/**
 * The back office's dialog box: a card in the middle of the screen (on the shop's one Modal). Its
 * padding is its content's (`p-6`): a click on the box itself would count as one on the backdrop.
 */
export const adminDialogClass =
  "m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-2xl bg-white shadow-xl";

/** A yes/no question before a step that is hard to undo or affects every visitor. */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  body: string;
  /** What the question is about, shown under it (e.g. the order's member and items). */
  children?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : onCancel())}
      labelledBy={titleId}
      describedBy={bodyId}
      className={adminDialogClass}
    >
      <div className="p-6">
        <h2 id={titleId} className="text-lg font-bold text-stone-900">
          {title}
        </h2>
        <p id={bodyId} className="mt-2 text-stone-700">
          {body}
        </p>
        {children}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button tone="neutral" size="md" type="button" onClick={onCancel}>
            {t("admin.cancel")}
          </Button>
          <Button tone="danger" size="md" type="button" onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
