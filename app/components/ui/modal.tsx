import { type ReactNode, useEffect, useRef } from "react";

/**
 * A modal on the browser's own <dialog>: focus trap, Esc and the top layer come built in, so the
 * storefront ships no dialog library. Clicking the backdrop closes it too.
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

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      document.documentElement.style.overflow = "hidden";
    }
    if (!open && dialog.open) dialog.close();
    return () => {
      document.documentElement.style.overflow = "";
    };
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; Esc closes a <dialog> natively.
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid={testId}
      onClose={() => onOpenChange(false)}
      onClick={(event) => {
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
      className={`backdrop:bg-black/50 ${className}`}
    >
      {open ? children : null}
    </dialog>
  );
}
