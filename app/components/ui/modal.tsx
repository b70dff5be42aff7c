import { type ReactNode, useEffect, useRef, useState } from "react";

/**
 * The shop's one dialog (decision 0036), storefront and back office alike, on the browser's own
 * <dialog>: shown with showModal() it is `role="dialog"` in the top layer, keeps focus inside, moves
 * focus to its first control (or to `initialFocus`), closes on Esc and gives focus back to what
 * opened it, so no dialog library ships. Clicking the backdrop closes it too. `labelledBy` names the
 * title's id (and `describedBy` its text's); every way of closing calls `onOpenChange(false)`.
 *
 * A modal open from the first render (a shared product drawer link, a back office form the address
 * asks for) is written open in the server's HTML, placed and shaded as it will be once modal, so a
 * phone shows it before any script has loaded; after hydration it becomes modal where it stands, in
 * one task (decisions 0019 and 0021). While a dialog is open the page behind it does not scroll
 * (`app.css`).
 *
 * The dialog box itself takes `className`, without padding (a click on the <dialog> element itself
 * is a click on the backdrop) and without a `display` (it would show the closed dialog too): both go
 * on a child.
 */
export function Modal({
  open,
  onOpenChange,
  labelledBy,
  describedBy,
  initialFocus,
  className = "",
  testId,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  labelledBy: string;
  describedBy?: string;
  /** A selector for the control to start on, instead of the first one (e.g. a form's first field). */
  initialFocus?: string;
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
    const showModal = () => {
      dialog.showModal();
      if (initialFocus) dialog.querySelector<HTMLElement>(initialFocus)?.focus();
    };
    if (open && dialog.open && !dialog.matches(":modal")) {
      // Open but not modal: as the server wrote it. It becomes modal in a task of its own, not in
      // hydration's: showModal() lays out the page there and then (about 14 ms on a phone), which
      // added to every effect of the page made one long task (decision 0021).
      const timer = setTimeout(() => {
        if (!dialog.open || dialog.matches(":modal")) return;
        dialog.removeAttribute("open");
        showModal();
      });
      return () => clearTimeout(timer);
    }
    if (open && !dialog.open) showModal();
    if (!open && dialog.open) dialog.close();
  }, [open, initialFocus]);

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
