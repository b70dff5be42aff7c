import { notify } from "~/components/ui/toaster.tsx";
import type { CartOutcome } from "~/domain/cart/cart.ts";

/** SPEC §8: one toast per cart result. */
export function toastCartOutcome(outcome: CartOutcome) {
  switch (outcome) {
    case "added":
    case "reset":
      notify.success("toast.cart.added");
      return;
    case "updated":
      notify.info("toast.cart.updated");
      return;
    case "removed":
      notify.info("toast.cart.removed");
      return;
    case "soldOut":
      notify.error("toast.cart.soldOut");
      return;
    case "limit":
      notify.error("toast.cart.limit");
      return;
  }
}
