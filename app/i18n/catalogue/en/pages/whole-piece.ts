import type { wholePieceText as zh } from "../../pages/whole-piece.ts";
import type { Mirror } from "../mirror.ts";

export const wholePieceText = {
  "wholeCut.cutsTitle": "The cuts",
  "wholeCut.process.title": "How we cut and weigh",
  "wholeCut.process.order.title": "Ordered once the group is in",
  "wholeCut.process.order.body":
    "After the cut-off we order whole primals from the importer to match the group's total orders, and never stock up on more.",
  "wholeCut.process.cut.title": "Cut by our butchers",
  "wholeCut.process.cut.body":
    "Our butchers cut each piece to the thickness and size on the product page, so each one weighs close to its estimated weight.",
  "wholeCut.process.weigh.title": "Weighed piece by piece",
  "wholeCut.process.weigh.body":
    "Every piece is weighed on calibrated electronic scales and vacuum-packed, with its actual weight printed on the label.",
  "wholeCut.process.deliver.title": "Cold chain to your pickup point",
  "wholeCut.process.deliver.body":
    "Delivered frozen all the way to the pickup point you chose. Collect it once you get our SMS.",
  "wholeCut.refund.title": "Refunds on the actual weight",
  "wholeCut.refund.body":
    "At checkout you pay for the estimated weight. After weighing, if a piece is lighter than estimated, the difference comes back as dDollar; if it's heavier, you pay nothing more.",
  "wholeCut.storage.title": "Storing and thawing",
  "wholeCut.storage.1": "Put it in the freezer as soon as you can after pickup, at −18°C or below.",
  "wholeCut.storage.2":
    "The night before cooking, move it to the bottom of the fridge to thaw slowly, which takes about 12 to 24 hours. Never thaw it in hot water.",
  "wholeCut.storage.3": "Cook within two days of thawing, and don't refreeze it.",
  "wholeCut.more": "Want to know more?",
  "wholeCut.guideLink": "Group-buying guide",

  "wholeCut.beef.eyebrow": "Specialist shop",
  "wholeCut.beef.headline": "Whole-cut beef, priced on the actual weight",
  "wholeCut.beef.lead":
    "Australian, US and Japanese beef bought as whole primals, cut by our butchers to the group's orders, then weighed and vacuum-packed piece by piece. Better value than pre-cut packs from a shop, and any weight you overpaid for comes back as dDollar.",
  "wholeCut.beef.sirloin.name": "Sirloin",
  "wholeCut.beef.sirloin.body":
    "Firm, with a layer of fat along the edge and a rich beefy flavour. Great pan-fried as steak or on the barbecue.",
  "wholeCut.beef.ribeye.name": "Ribeye",
  "wholeCut.beef.ribeye.body": "Evenly marbled, tender and juicy: the most popular steak cut.",
  "wholeCut.beef.tenderloin.name": "Tenderloin",
  "wholeCut.beef.tenderloin.body":
    "The most tender cut of all, with little fat. Cut into thick steaks or make beef Wellington.",
  "wholeCut.beef.oysterBlade.name": "Oyster blade",
  "wholeCut.beef.oysterBlade.body":
    "From the shoulder, with a line of sinew through the middle. Well marbled yet good value; slice it for grilling or hot pot.",
  "wholeCut.beef.flank.name": "Flank",
  "wholeCut.beef.flank.body":
    "Rich in connective tissue, so it stays tender however long it cooks. Ideal for braised brisket, clear broth beef brisket and curry.",
  "wholeCut.beef.exampleProduct": "Australian grain-fed ribeye steak (about {weight} a piece)",
  "wholeCut.beef.shop": "Shop beef",

  "wholeCut.pork.eyebrow": "Specialist shop",
  "wholeCut.pork.headline": "Whole-cut pork, priced on the actual weight",
  "wholeCut.pork.lead":
    "Spanish Iberian and Japanese Kurobuta pork bought as whole primals, cut by our butchers to the group's orders, then weighed and vacuum-packed piece by piece. Any weight you overpaid for comes back as dDollar.",
  "wholeCut.pork.collar.name": "Collar",
  "wholeCut.pork.collar.body":
    "Evenly marbled and tender. Perfect for homemade char siu and pan-fried pork chops.",
  "wholeCut.pork.loin.name": "Loin",
  "wholeCut.pork.loin.body":
    "Fine and tender, with the fat along the edge. Cut into thick chops or make tonkatsu.",
  "wholeCut.pork.belly.name": "Belly",
  "wholeCut.pork.belly.body":
    "Layers of fat and lean. Ideal for crispy roast pork belly, red-braised pork and Korean barbecue.",
  "wholeCut.pork.jowl.name": "Jowl",
  "wholeCut.pork.jowl.body":
    "Only a little on each pig, with a firm, springy bite. Great grilled or Thai-style.",
  "wholeCut.pork.ribs.name": "Spare ribs",
  "wholeCut.pork.ribs.body": "Meat on the bone: bake with barbecue sauce, steam, or use for soup.",
  "wholeCut.pork.exampleProduct": "Iberian pork collar (about {weight} a piece)",
  "wholeCut.pork.shop": "Shop pork",
} satisfies Mirror<typeof zh>;
