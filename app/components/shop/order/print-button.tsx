import { Printer } from "lucide-react";
import { Button } from "~/components/ui/button.tsx";

/** Opens the browser's print dialog; hidden on paper. */
export function PrintButton({ label }: { label: string }) {
  return (
    <Button
      size="sm"
      type="button"
      onClick={() => window.print()}
      className="inline-flex items-center gap-1.5 print:hidden"
    >
      <Printer className="size-4" aria-hidden="true" />
      {label}
    </Button>
  );
}
