import { type ReactNode, useEffect, useRef, useState } from "react";

/**
 * A modal on the browser's own <dialog>: focus trap, Esc and the top layer come built in, so the
 * storefront ships no dialog library. Clicking the backdrop closes it too.
 *
 * A modal open from the first render (a shared product drawer link) is written open in the
 * server's HTML, placed and shaded as it will be once modal, so a phone shows it before any script
 * has loaded; after hydration it becomes modal where it stands, in one task (decisions 0019 and
 * 0021). While a dialog is open the page behind it does not scroll (`app.css`).
 */
export function Modal({
  open,
  onOpenChange,
  labelledBy,
  describedBy,
  className = "",
  testId,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  labelledBy: string;
  describedBy?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // Only the first render's value: the attribute is the server's; the browser keeps it after that.
  const [openInHtml] = useState(open);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && dialog.open && !dialog.matches(":modal")) {
      // Open but not modal: as the server wrote it. It becomes modal in a task of its own, not in
      // hydration's: showModal() lays out the page there and then (about 14 ms on a phone), which
      // added to every effect of the page made one long task (decision 0021).
      const timer = setTimeout(() => {
        if (!dialog.open || dialog.matches(":modal")) return;
        dialog.removeAttribute("open");
        dialog.showModal();
      });
      return () => clearTimeout(timer);
    }
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; Esc closes a <dialog> natively.
    <dialog
      ref={ref}
      open={openInHtml || undefined}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid={testId}
      onClose={(event) => {
        // Only a dialog that did close; making the server's open dialog modal is not closing it.
        if (!event.currentTarget.open) onOpenChange(false);
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
      className={`backdrop:bg-black/50 not-modal:fixed not-modal:inset-0 not-modal:z-50 not-modal:shadow-[0_0_0_100vmax_rgb(0_0_0/0.5)] ${className}`}
    >
      {open ? children : null}
    </dialog>
  );
}
