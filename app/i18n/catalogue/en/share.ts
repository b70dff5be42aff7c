import type { shareCatalogue as zh } from "../share.ts";

export const shareCatalogue = {
  "share.price": "Group price {price}",
  "share.pricePerUnit": "Group price {price}/{unit}",
  "share.progress": "{buyers} joined, {missing} more to reach the group price",
  "share.progressFirst": "Be the first to join: {missing} more to reach the group price",
  "share.progressMet": "{buyers} joined: group price reached!",
  "share.cutoff": "Closes: {time} (Hong Kong time)",
  "share.whatsapp": "Share on WhatsApp",
  "share.whatsappLabel": "Share “{name}” on WhatsApp",
  "share.home.tagline": "Buy together with your neighbours and save",
  "share.home.subline": "Meat · Frozen · Fresh · Dry goods · Ready meals | Community pickup",
  "share.merchant.tagline": "{name}: group buys on now",
  "share.merchant.count": "{count} products: better value together",
  "share.imageAlt": "Share picture for {name}",
} satisfies Record<keyof typeof zh, string>;
