import type { Mirror } from "../catalogue/en/mirror.ts";
import { paymentCatalogue } from "../catalogue/en/payment.ts";
import type { messages as zh } from "./payment.zh-HK.ts";

/** The English messages of the `payment` group: the same keys as its zh-HK file. */
export const messages = { ...paymentCatalogue } satisfies Mirror<typeof zh>;
