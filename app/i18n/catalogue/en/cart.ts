import type { cartCatalogue as zh } from "../cart.ts";
import type { Mirror } from "./mirror.ts";

export const cartCatalogue = {
  "cart.title": "Cart",
  "cart.meta.description":
    "The group buys and in-stock items in your cart: check the quantities, then check out.",
  "cart.empty": "Your cart is empty.",
  "cart.selectAll": "Select all",
  "cart.select": "Select {name}",
  "cart.selectOne": "Select",
  "cart.unselect": "Unselect",
  "cart.increase": "One more {name}",
  "cart.decrease": "One less {name}",
  "cart.remove": "Remove",
  "cart.removeNamed": "Remove {name} from your cart",
  "cart.quantity": "Quantity",
  "cart.limit": "Limit {max} per member",
  "cart.lineTotal": "Subtotal",
  "cart.appliedPrice": "Your price",
  "cart.why.general":
    "General group buys are paid at the full price; if the group is reached at cut-off, the difference of {refund}/{unit} comes back as dDollar.",
  "cart.why.limited":
    "Limited group buys are paid at the group price; if the group isn't reached at cut-off, it all comes back as dDollar.",
  "cart.why.instock": "In-stock items sell at the group price straight away.",
  "cart.weighed": "Charged at an estimated {quantity}; any difference from the actual weight is refunded.",
  "cart.items": { by: "count", one: "# item selected", other: "# items selected" },
  "cart.itemsTotal": "Items total",
  "cart.totalNote": "Delivery, discount codes and dDollar are worked out at checkout.",
  "cart.checkout": "Check out",
  "cart.selectToCheckout": "Select the items you want to check out first.",
  "cart.soldOutNames": "Removed: {names}",
  "cart.limitReached": "You've reached the limit for this item",
} satisfies Mirror<typeof zh>;
