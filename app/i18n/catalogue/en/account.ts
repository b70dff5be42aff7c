import type { accountCatalogue as zh } from "../account.ts";
import type { Mirror } from "./mirror.ts";

export const accountCatalogue = {
  "account.title": "My account",
  "account.greeting": "Hello, {name}!",
  "account.description": "See your dDollar balance, orders, details and referrals.",
  "account.joined": "Joined {date}",
  "account.ordersHint": "Order status and pickup details",
  "account.profileHint": "Name, email, area and marketing preferences",
  "account.dollarHint": "dDollar history",
  "account.referralHint": { by: "count", one: "# friend referred", other: "# friends referred" },
  "account.backOfficeHint": "Orders, products and members",
  "account.balanceNote": "1 dDollar = HK$1, taken off automatically at checkout",
  "account.joinedOn": "{day} {month} {year}",
} satisfies Mirror<typeof zh>;
