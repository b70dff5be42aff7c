import { Printer } from "lucide-react";
import { Button } from "~/components/ui/button.tsx";

/** Opens the browser's print dialog; the page's print styles leave out the menu and the controls. */
export function PrintButton({ label }: { label: string }) {
  return (
    <Button
      size="toolbar"
      type="button"
      onClick={() => window.print()}
      className="flex items-center gap-2 print:hidden"
    >
      <Printer className="size-4" aria-hidden="true" />
      {label}
    </Button>
  );
}
