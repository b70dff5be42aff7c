import type { shell as zh } from "../shell.ts";
import type { Mirror } from "./mirror.ts";

export const shell = {
  "nav.home": "Home",
  "nav.guide": "How it works",
  "nav.about": "About us",
  "nav.referral": "Refer a friend",
  "nav.qa": "FAQ",
  "nav.terms": "Terms and conditions",
  "nav.location": "Pickup points",
  "nav.cart": "Cart",
  "nav.login": "Sign in",
  "nav.register": "Register",
  "nav.account": "My account",
  "nav.menu": "Menu",
  "nav.openMenu": "Open menu",
  "nav.search": "Search the whole shop",
  "nav.search.placeholder": "Search",
  "nav.search.submit": "Search the shop",
  "nav.closeMenu": "Close menu",
  "nav.facebook": "Facebook page",
  "nav.instagram": "Instagram page",
  "nav.cooperation": "Suppliers",
  "nav.survey": "Customer survey",
  "nav.cartCount": { by: "count", one: "# item in your cart", other: "# items in your cart" },
  "chat.whatsapp": "Ask us on WhatsApp",
} satisfies Mirror<typeof zh>;
